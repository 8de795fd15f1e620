#!/bin/bash
# Session y, call 5 (dec3150's runtime, carry ["dist", "peers"], about 6 min).
# The final run of this session: the half-apart weight layout and the
# planner's unsplit 2-3 CTA tiles at M <= 16 (8192^2 channel 1..8: 32-column
# blocks at 2 CTAs per SM; 11008 x 4096 channel 1..16: at 3), Marlin built in
# the git-ignored peers/ folder and run beside ours.
# Prediction: W4A16 channel 8192^2 M = 1 / 4 / 8 12.9-13.1 (23a31b7: 13.5 /
# 13.7 / 13.8); 11008 x 4096 channel M = 1..16 0.9-1.4 faster; every other
# cell within 0.3 us of 23a31b7's final run.
# Then: the planner's tables at the five shapes on the GPU correctness suite
# (tier shapes, as far as 50 s of it go).
source scripts/runtime-env.sh
[ -f peers/build.sh ] && bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"
OUT=$OUT/full timeout 300 bash bench/run.sh --ms 1,4,8,16,32,64 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; grep -E "^\| (humming-mlir|marlin|impl)|^## " $OUT/full.log | head -100
mkdir -p $OUT/val
timeout 75 python3 scripts/gpu-validate.py --tier=shapes --out $OUT/val --budget 50 --workers 4 > $OUT/val/validate.txt 2>&1
echo "shapes rc $?"; grep -E "FAILED CHECKS|not_run|layers_checked" $OUT/val/validate.txt $OUT/val/*.json 2>/dev/null | head -5
bash scripts/bundle-out.sh
