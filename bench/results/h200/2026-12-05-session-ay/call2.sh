#!/bin/bash
# Session ay, call 2 (carry ["dist", "peers"]): the final run on the build
# that call 1 cleared (BUILD=comb, else base), Marlin built in the
# git-ignored peers/ folder. First the suite's shapes tier on that build.
# Predictions: the shapes tier passes; every cell of the default run
# (W4A16 channel / g128, W8A16 channel, five shapes) within the spread of
# bench-2026-12-05-515af44 but 4096 x 11008 channel at 17..128 rows (the
# zero-absent kernels: faster by call 1's A / B); g64 is not a case of the
# default run.
set -u
source bench/variants.sh
use_build ${BUILD:-comb} || exit 1
source scripts/runtime-env.sh
gpu_clocks
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=120 HUMMING_VALIDATE_ONLY=1 timeout 160 \
  bash scripts/device-validate.sh shapes > $OUT/val.log 2>&1
echo "validate rc $?"; tail -4 $OUT/val.log
date +%T
bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"
left=$((580 - SECONDS)); [ $left -gt 240 ] && left=240
echo "full run on $HUMMING_COMMIT, $left s $(date +%T)"
HUMMING_CACHE_DIR=/tmp/full-cache OUT=$OUT/full timeout $left \
  bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; tail -3 $OUT/full.log
gpu_clocks
bash scripts/bundle-out.sh
