#!/bin/bash
# Session as, call 2 (carry ["dist"]; dist = 5bc2fe0, main's tip).
# The GPU correctness suite at main's tip, the tiers call 1 did not run:
# smoke, formats (every weight format x activation x scale x zero point x
# bias at odd shapes), partitions, narrow, shapes (the planner's tables at
# the five benchmark shapes, M up to 4096), with the README example and the
# sm_80 / sm_86 / sm_89 PTX through the driver's JIT. Prediction: every
# check passes (no kernel of these tiers changed since their last passing
# runs, but for the mma.sync cluster kernels with warps along K that call 1
# checked).
set -u
source scripts/runtime-env.sh
date +%T
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=470 HUMMING_VALIDATE_ONLY=1 timeout 560 \
  bash scripts/device-validate.sh smoke formats partitions narrow shapes > $OUT/val.log 2>&1
echo "validate rc $?"; tail -14 $OUT/val.log
date +%T
bash scripts/bundle-out.sh
