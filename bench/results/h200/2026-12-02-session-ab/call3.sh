#!/bin/bash
# Session ab, call 3 (the planner change of section 66; carry ["dist"],
# about 6 min). The planner's new 65+ tables (wC with the K split that fills
# the slots, a range per 128-row tile count up to 512) at M = 128 / 256 /
# 512 / 1024, five shapes, three cases, cuBLAS in the same run, the
# harness's gate on every cell. Prediction (call 2's variants): W4A16
# channel at M = 128 / 256 / 512 about 24 / 27 / 37 us at 4096^2 (main 24 /
# 51 / 53), 39 / 60 / 103 at 8192^2 (55 / 100 / 197), 11008 x 4096 M = 128
# with 3 splits ~30 (not measured; 2 splits 39). Then the shapes tier (the
# planner's tables at the five shapes) and the wgmma tier's split table.
set -u
source scripts/runtime-env.sh
OUT=$OUT/mid timeout 270 bash bench/run.sh --cases w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel \
  --ms 128,256,512,1024 --reps 10 --sweeps 2 --no-graph --peers /nonexistent > "$OUT/mid.log" 2>&1
echo "mid rc $?"
grep -E "^(## |\| (humming-mlir|cublas-fp16|impl))" "$OUT/mid.log" | head -80
grep -iE "gate|error|fail" "$OUT/mid.log" | head -5
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=100 HUMMING_VALIDATE_ONLY=1 bash scripts/device-validate.sh shapes wgmma:-1 > "$OUT/val.log" 2>&1
tail -22 "$OUT/val.log"
bash scripts/bundle-out.sh
