#!/bin/bash
# Session u, call 3 (this branch's runtime, carry ["dist", "peers"], about
# 6 min): the final run of this session. Kernels: main's (d7dde67's) except
# the 17..32-row wgmma kernels with one weight tile per warpgroup, which
# fence once per k-block (section 54). Marlin built in the git-ignored
# peers/ folder and run beside ours.
# Prediction (call 2): M = 32 0.2-1.2 us faster than d7dde67's final run on
# 13 of the 15 layers (all but 28672 x 4096, whose 17..32 kernel holds two
# tiles per warpgroup and is unchanged, and W8A16 there, mma.sync); every
# other cell within the run-to-run spread (0.3 us).
source scripts/runtime-env.sh
[ -f peers/build.sh ] && bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"
OUT=$OUT/full timeout 500 bash bench/run.sh --ms 1,4,8,16,32,64 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; grep -E "^\| (humming-mlir|marlin|impl|speedup)|^## " $OUT/full.log | head -120
bash scripts/bundle-out.sh
