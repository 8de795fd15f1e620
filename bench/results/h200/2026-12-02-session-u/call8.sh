#!/bin/bash
# Session u, call 8 (23a31b7's runtime, carry ["dist", "peers"], about 4
# min): the final run of this session, main's kernels: call 3's (5f20b94)
# plus the planner change of section 56 (W8A16 N = 8192 at 33..64 rows).
# Marlin built in the git-ignored peers/ folder and run beside ours.
# Prediction: every cell within 0.3 us of call 3 except W8A16 8192^2 at
# M = 64 (29.3 -> 28.2-28.5).
source scripts/runtime-env.sh
[ -f peers/build.sh ] && bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"
OUT=$OUT/full timeout 400 bash bench/run.sh --ms 1,4,8,16,32,64 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; grep -E "^\| (humming-mlir|marlin|impl)|^## " $OUT/full.log | head -100
bash scripts/bundle-out.sh
