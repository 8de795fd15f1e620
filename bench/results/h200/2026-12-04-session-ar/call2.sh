#!/bin/bash
# Session ar, call 2 (carry ["dist"]; dist = 8a0968b, main with the pushed
# cluster end in its landing form: the "free" signal a relaxed remote
# mbarrier.complete_tx (PTX 8.0) instead of call 1's arrive.relaxed (PTX
# 8.6), sm_90 kernels at PTX 8.1 for st.async; dist/base = c857531).
# 1. Correctness: the wgmma and shapes tiers of device-validate (every
#    planner kernel of the five shapes, their cluster tiles included), call
#    1's layer list again (3 and 4 splits, warps along K, tails), memcheck.
# 2. A / B against c857531, two rounds: the four shapes with cluster tiles
#    (8192^2 33..256, 11008 x 4096 17..64, 4096^2 129..512, 4096 x 11008
#    193..512) at M = 24 / 64 / 200 / 300.
# Prediction: as call 1's push (complete_tx is the same SYNCS arrive
#    without its arrival count): 8192^2 M = 64 channel 19.3-19.5, g128
#    21.1-21.3, W8A16 22.8-23.0; 11008 x 4096 M = 24 / 64 0.6-1.1 faster;
#    4096^2 and 4096 x 11008 M = 200 / 300 0.3-2 faster; M = 24 on 8192^2,
#    4096^2, 4096 x 11008 (no cluster tile) within +-0.2.
set -u
source scripts/runtime-env.sh
date +%T
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
d=bench/results/h200/2026-12-04-session-ar
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=150 HUMMING_VALIDATE_ONLY=1 timeout 170 bash scripts/device-validate.sh wgmma shapes > $OUT/val.log 2>&1
echo "validate rc $?"; tail -3 $OUT/val.log
date +%T
timeout 150 bash scripts/check-layers.sh < $d/call1-layers.txt > $OUT/layers.txt 2>&1
echo "check rc $?"; tail -1 $OUT/layers.txt
{
  echo "64,200 n=8192 k=8192 weight=int4 scale=channel target=h200"
  sed -n 8,10p $d/call1-layers.txt
} | timeout 60 bash scripts/memcheck-layers.sh > $OUT/sanitizer.txt 2>&1
echo "memcheck rc $?"; tail -1 $OUT/sanitizer.txt
date +%T
OUT=$OUT/ab timeout 230 bash bench/ab.sh dist/base/humming-runtime.tar.xz 2 \
  --shapes 8192x8192,11008x4096,4096x4096,4096x11008 --ms 24,64,200,300 \
  --reps 15 --sweeps 2 --no-graph --peers /nonexistent > $OUT/ab.log 2>&1
echo "ab rc $?"; grep -iE "gate|error" $OUT/ab.log | head -3
date +%T
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
bash scripts/bundle-out.sh
