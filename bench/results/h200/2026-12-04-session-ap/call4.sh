#!/bin/bash
# Session ap, call 4 (carry ["dist"]; dist = 0b5675b, main's kernels).
# Where the 33..64-row pairs' loop waits now (section 92: 3 % fewer
# instructions, the descriptor's uniform chain, bought 1.5-2 %): ncu on the
# planner's 8192^2 M = 64 channel and g128 kernels (cold L2, clocks left
# alone), per-instruction stall samples, for the next lead. Prediction:
# the top stalls as in session ao's call 5 (wait, long scoreboard,
# selected) with fewer samples ahead of the first HGMMA of each k-block;
# the copies' address arithmetic and the MEMBAR of the proxy fence among
# the rest.
set -u
source scripts/runtime-env.sh
date +%T
for c in channel g128; do
  case $c in
    channel) s="n=8192 k=8192 weight=int4 scale=channel target=h200";;
    g128) s="n=8192 k=8192 weight=int4 scale=group group_size=128 target=h200";;
  esac
  OUT=$OUT/$c HUMMING_PROFILE_SOURCE=1 timeout 200 bash bench/profile.sh "$s" 64 > "$OUT/profile-$c.txt" 2>&1
  echo "$c rc $?"; head -25 "$OUT/profile-$c.txt"
done
date +%T
bash scripts/bundle-out.sh
