#!/bin/bash
# Session ao, call 7 (carry ["dist", "peers"]; dist = 7bc2188, the landing
# runtime: 62eb15a plus the 4-bit channel pair at 8 k-blocks an iteration).
# The final run on the landing commit, Marlin rebuilt beside. Prediction:
# every cell within run-to-run spread of 62eb15a's run (call 4), channel
# 8192^2 M = 32..64 0-0.3 faster (call 6).
set -u
source scripts/runtime-env.sh
date +%T
bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"
date +%T
OUT=$OUT/full timeout 140 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; tail -3 $OUT/full.log
date +%T
bash scripts/bundle-out.sh
