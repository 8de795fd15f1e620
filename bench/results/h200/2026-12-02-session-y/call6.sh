#!/bin/bash
# Session y, call 6 (dec3150's runtime, carry ["dist"], about 4 min): the
# rest of the shapes tier (the planner's tables at the five shapes; call 5
# checked 15 layers in its 50 s), then two leads for the 32-column blocks:
# 64 stages at 8192^2 (32 -> 64: 128 KB in flight per SM; 16 -> 32 gave
# 0.5 us in call 4) and 32 stages at 11008 x 4096 (3 CTAs per SM).
# Prediction: s64 0-0.3 faster at 8192^2; s32 at 11008 x 4096 0-0.3.
source scripts/runtime-env.sh
mkdir -p $OUT/val
timeout 150 python3 scripts/gpu-validate.py --tier=shapes --out $OUT/val --budget 120 --workers 4 \
  --skip-passed bench/results/h200/2026-12-02-session-y/call5/val/validation-shapes.json > $OUT/val/validate.txt 2>&1
echo "shapes rc $?"; grep -E "FAILED CHECKS|layers_checked" $OUT/val/validate.txt | head -3
run() {  # name case shape variant...
  local name=$1 case=$2 shape=$3; shift 3
  OUT=$OUT/$name timeout 80 bash bench/run.sh --cases $case --shapes $shape --ms 1,4,8,16 --reps 15 --sweeps 2 --no-graph --peers /nonexistent \
    --variant "$1" > $OUT/$name.log 2>&1
  echo "$name rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/$name.log; grep -iE "gate|error|fail" $OUT/$name.log | head -3
}
s="n=8192 k=8192 weight=int4 scale=channel target=h200"
run s64 w4a16-int4-channel 8192x8192 "s64=dispatch=$(bench/plan-table.sh "$s" 1-8:8x32x64:1x1x4:s64:k1:c2:sw)"
s="n=11008 k=4096 weight=int4 scale=channel target=h200"
run s32c3 w4a16-int4-channel 11008x4096 "s32=dispatch=$(bench/plan-table.sh "$s" 1-8:8x32x64:1x1x4:s32:k1:c3:sw 9-16:16x32x64:1x1x4:s32:k1:c3)"
bash scripts/bundle-out.sh
