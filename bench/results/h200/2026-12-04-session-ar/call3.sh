#!/bin/bash
# Session ar, call 3 (carry ["dist", "peers"]; dist = 8a0968b): the final
# run, every case of the harness at the five shapes, M = 1 .. 128, Marlin
# rebuilt in the git-ignored peers/ folder and run in the same run.
# Prediction: M <= 32 as 20bc1e7's run (kernels unchanged, byte-identical
# SASS), M = 64 at 8192^2: channel 19.3-19.6 (target 20), g128 21.1-21.4
# (21), W8A16 22.8-23.2 (26).
set -u
source scripts/runtime-env.sh
date +%T
bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"
date +%T
OUT=$OUT/full timeout 150 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; tail -3 $OUT/full.log
date +%T
bash scripts/bundle-out.sh
