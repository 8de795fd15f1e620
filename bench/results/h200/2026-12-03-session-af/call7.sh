#!/bin/bash
# Session af, call 7 (c72ffa3's runtime, Marlin in peers/; carry ["dist",
# "peers"]): the final run of the harness with section 76's g128 tables
# (all cases and shapes, M = 1..128 and 80, Marlin in the same run).
# Prediction: call 4's figures within 0.3 us except g128 11008 x 4096 M =
# 16 (12.9, call 6) and 28672 x 4096 M <= 16 (call 6: 19.0-19.7 / 21.5).
set -u
source scripts/runtime-env.sh
[ -f peers/build.sh ] && bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"
OUT=$OUT/full timeout 300 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; grep -E "^\| (humming-mlir|marlin|impl) |^## " $OUT/full.log | head -60
bash scripts/bundle-out.sh
