#!/bin/bash
# Session at, call 1 (carry ["dist", "peers"]; dist = main's tip, whose
# kernels are 28bee3a's: fee6596's fence per two k16 steps on the 64-row
# cluster tiles, and the review mend whose PTX matched fee6596's on the
# layers compared locally; later commits change only how the runtime
# schedules its compile jobs). NOT RUN: no device was lent in session at.
# The next session with a device runs it first (rebuild dist at its tip).
# 1. The suite's wgmma and shapes tiers on main's tip (fee6596's changed
#    kernels passed humming-run's reference check in session as, but not
#    the wgmma tier). Prediction: every layer passes.
# 2. The final run at 28bee3a with Marlin in the same run. Prediction:
#    8192^2 g128 M = 64 20.2-20.6 (target 21: met), channel M = 64
#    19.0-19.4; every other cell within its run-to-run spread of 5bc2fe0's
#    run (bench-2026-12-04-5bc2fe0); M = 1 cells unchanged (12.3 channel,
#    12.6 g128, 20.3 int8 at 8192^2; their kernels did not change).
set -u
source scripts/runtime-env.sh
date +%T
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=150 HUMMING_VALIDATE_ONLY=1 timeout 200 \
  bash scripts/device-validate.sh wgmma shapes > $OUT/val.log 2>&1
echo "validate rc $?"; tail -12 $OUT/val.log
date +%T
bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"
date +%T
OUT=$OUT/full timeout 200 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; tail -3 $OUT/full.log
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
date +%T
bash scripts/bundle-out.sh
