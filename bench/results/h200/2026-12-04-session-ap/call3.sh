#!/bin/bash
# Session ap, call 3 (carry ["dist", "peers"]; dist = 0b5675b, the landing
# kernels: 7bc2188 plus the wgmma descriptor in two 32-bit words, section
# 92; main's later commits (the revert of b0bd536, a lit test) change no
# kernel). Marlin rebuilt beside.
# 1. Correctness of 0b5675b: the wgmma and shapes tiers, complete (call 1
#    ran 3 of the wgmma tier's 4 shards on it before its timeout).
# 2. The final run. Prediction: as 7bc2188's run (call 7 of session ao)
#    within the run-to-run spread, but 8192^2 M = 48 / 64 channel and g128
#    0.2-0.4 faster (calls 1-2: 20.2-20.3 and 22.0-22.1 at M = 64).
set -u
source scripts/runtime-env.sh
date +%T
bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"
date +%T
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=190 HUMMING_VALIDATE_ONLY=1 timeout 215 bash scripts/device-validate.sh wgmma shapes > $OUT/val.log 2>&1
echo "validate rc $?"; tail -2 $OUT/val.log
date +%T
OUT=$OUT/full timeout 150 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; tail -3 $OUT/full.log
date +%T
bash scripts/bundle-out.sh
