#!/bin/bash
# Session l, call 8 (8ef8620's runtime): at 8192 x 8192, 33..64 rows, the
# one-warpgroup 3-CTA shape with 2 K splits as cluster pairs (256 CTAs,
# 128 pairs, which fit where 128 clusters of 3 do not: section 32) against
# the planner's: W8A16 (planner: the same shape with 3 splits through the
# workspace), W4A16 channel and g128 (planner: 2 warpgroups, 16 stages, 2
# splits). M = 40 / 48 / 64, 2 sweeps x 15 calls.
source scripts/runtime-env.sh
T="65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1"
v() { c=$1; d=$2; OUT=$OUT/v-$c timeout 120 bash bench/run.sh --cases $c --shapes 8192x8192 --ms 40,48,64 --reps 15 --sweeps 2 --no-graph --variant "pair=dispatch=$d" > $OUT/v-$c.log 2>&1
  echo "== $c rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/v-$c.log; grep -iE "gate|error|fail" $OUT/v-$c.log | head -3; }
v w8a16-int8-channel "1-16:16x64x64:1x2x4:s16:k1,17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x64x64:1x1x1:s6:kc2:c3:wg,$T"
v w4a16-int4-channel "1-8:16x256x64:1x8x1:s8:k4,9-16:16x64x64:1x2x4:s24:k1,17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x64x64:1x1x1:s6:kc2:c3:wg,$T"
v w4a16-int4-g128 "1-16:16x256x64:1x8x1:s8:k4,17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x64x64:1x1x1:s6:kc2:c3:wg,$T"
bash scripts/bundle-out.sh
