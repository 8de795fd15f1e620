#!/bin/bash
# Session r, call 5 (a595c06's runtime; about 1.5 min): 11008 x 4096 at
# 1..8 rows, where W4A16 channel measured 10.8 us at M = 1 against cuBLAS
# 32.3 in call 3 (2.99x). Call 4: 12 and 16 stages 0.6-1.2 us slower than
# 8 (a split holds 21-22 k-blocks, so a deep prologue is most of the unit).
# Here 6 and 4 stages. Prediction: 6 within 0.1 us of 8, 4 slower (8-16 KB
# in flight per SM is too little to cover HBM latency).
source scripts/runtime-env.sh
spec="n=11008 k=4096 weight=int4 scale=channel target=h200"
OUT=$OUT/s11008 timeout 100 bash bench/run.sh --cases w4a16-int4-channel --shapes 11008x4096 --ms 1,4,8 --reps 15 --sweeps 2 --no-graph \
  --variant "s6=dispatch=$(bench/plan-table.sh "$spec" 1-8:8x128x64:1x4x1:s6:k3:c2:sw)" \
  --variant "s4=dispatch=$(bench/plan-table.sh "$spec" 1-8:8x128x64:1x4x1:s4:k3:c2:sw)" > $OUT/s11008.log 2>&1
echo "rc $?"; grep -E "^\| (humming-mlir|impl|cublas-fp16)" $OUT/s11008.log; grep -iE "gate|error" $OUT/s11008.log | head -3
bash scripts/bundle-out.sh
