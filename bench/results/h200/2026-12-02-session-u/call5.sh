#!/bin/bash
# Session u, call 5 (5f20b94's runtime = main's kernels, carry ["dist"],
# about 3 min): one warpgroup of two weight tiles per CTA at 2 CTAs per SM,
# 4 K splits, at 17..64 rows ("w2c2"), against the planner's two warpgroups
# of one tile in one CTA with 2 splits. Not measured before: section 32 had
# two warpgroups of two tiles in one CTA (slower), section 29 one tile per
# warpgroup at 3 CTAs per SM. Two tiles give each warp two independent
# decode chains per step (the 33..64 loop is latency-bound, section 33),
# and two CTAs reach their barriers independently (section 37); 4 splits
# double the partials.
# Prediction: 0.0-1.0 us slower at 8192^2 (the partials), 0.5 faster to 0.5
# slower at 4096 x 11008 (4 splits already).
source scripts/runtime-env.sh
for cs in "w4a16-int4-channel:int4 scale=channel:8192x8192:s12:s8" "w4a16-int4-g128:int4 scale=group group_size=128:8192x8192:s12:s8" \
          "w8a16-int8-channel:int8 scale=channel:8192x8192:s8:s6" "w4a16-int4-channel:int4 scale=channel:4096x11008:s12:s8"; do
  IFS=: read -r case w shape a b <<< "$cs"
  spec="n=${shape%x*} k=${shape#*x} weight=$w target=h200"
  name=$case-$shape
  OUT=$OUT/$name timeout 120 bash bench/run.sh --cases $case --shapes $shape --ms 24,32,48,64 --reps 15 --sweeps 2 --no-graph --peers /nonexistent \
    --variant "w2c2=dispatch=$(bench/plan-table.sh "$spec" 17-32:32x128x64:1x1x1:$a:k4:c2:wg 33-64:64x128x64:1x1x1:$b:k4:c2:wg)" > $OUT/$name.log 2>&1
  echo "$name rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/$name.log; grep -iE "gate|error" $OUT/$name.log | head -3
done
bash scripts/bundle-out.sh
