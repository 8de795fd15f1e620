#!/bin/bash
# Session ao, call 5 (carry ["dist"]; dist = 62eb15a, main's kernels).
# Section 90 left g128's 1.6 us over channel on the 33..64-row cluster pair
# at 8192^2 M = 64 unexplained: its group-scale FMAs now run under the next
# run's MMAs and it is no faster. ncu on both kernels (cold L2, clocks
# left alone), with the SASS's per-instruction stall samples, to see where
# the extra time sits. Prediction: g128's loop issues ~10 % more
# instructions (the scale-row copies, the scale loads and conversions, the
# FMAs), and its extra stall samples sit at the iteration's copy wait and
# barrier (the scale rows' copies lengthen each stage's fill), not at the
# FMAs or the MMA waits.
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
