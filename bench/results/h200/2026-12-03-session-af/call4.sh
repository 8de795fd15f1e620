#!/bin/bash
# Session af, call 4 (8ff4c03's runtime in dist/, Marlin built in the
# git-ignored peers/; carry ["dist", "peers"]): the final run of the
# harness (all cases and shapes, M = 1..128 and 80, Marlin in the same
# run). Prediction: W8A16 at 4096^2, 4096 x 11008 and 11008 x 4096, M <=
# 16, as calls 1-2's variants (4096^2 7.7-8.1, 4096 x 11008 15.3-15.9,
# 11008 x 4096 14.9-15.6 us); every other cell within 0.3 us of session
# ae's runs (bench-2026-12-02-d5571ea, and call 8's 4096^2).
set -u
source scripts/runtime-env.sh
[ -f peers/build.sh ] && bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"
OUT=$OUT/full timeout 480 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; grep -E "^\| (humming-mlir|marlin|impl)|^## " $OUT/full.log | head -60
bash scripts/bundle-out.sh
