#!/bin/bash
# Session r, call 4 (a595c06's runtime; about 1.5 min): 11008 x 4096 at
# 1..8 rows, where W4A16 channel measured 10.8 us at M = 1 against cuBLAS
# 32.3 in call 3 (2.99x, 3x needs 10.77). The 3-split 2-CTA 8 x 128 tile
# runs 8 stages (16 KB of weights in flight per CTA, 32 KB per SM); variants
# with 12 and 16 stages. Prediction: 0.0-0.3 us faster (more bytes in
# flight per SM; the 16-stage narrow tiles gained at N = 4096, section 41).
source scripts/runtime-env.sh
spec="n=11008 k=4096 weight=int4 scale=channel target=h200"
OUT=$OUT/s11008 timeout 100 bash bench/run.sh --cases w4a16-int4-channel --shapes 11008x4096 --ms 1,4,8 --reps 15 --sweeps 2 --no-graph \
  --variant "s12=dispatch=$(bench/plan-table.sh "$spec" 1-8:8x128x64:1x4x1:s12:k3:c2:sw)" \
  --variant "s16=dispatch=$(bench/plan-table.sh "$spec" 1-8:8x128x64:1x4x1:s16:k3:c2:sw)" > $OUT/s11008.log 2>&1
echo "rc $?"; grep -E "^\| (humming-mlir|impl|cublas-fp16)" $OUT/s11008.log; grep -iE "gate|error" $OUT/s11008.log | head -3
bash scripts/bundle-out.sh
