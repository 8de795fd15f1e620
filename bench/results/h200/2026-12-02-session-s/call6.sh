#!/bin/bash
# Session s, call 6 (carry ["dist", "peers"], about 4 min): the final run of
# this session's tables with the harness's 4 weight placements, Marlin built
# in the git-ignored peers/ and run in the same run.
source scripts/runtime-env.sh
[ -f peers/build.sh ] && bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"
OUT=$OUT/full timeout 500 bash bench/run.sh --ms 1,4,8,16,32,64 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; grep -E "^\| |^#" $OUT/full.log | head -80
bash scripts/bundle-out.sh
