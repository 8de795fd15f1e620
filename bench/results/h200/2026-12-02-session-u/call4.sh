#!/bin/bash
# Session u, call 4 (5f20b94's runtime, carry ["dist"], about 4 min): wgmma
# at 1..16 rows now that short MMAs share one fence per k-block (section
# 54). The planner gives 1..16 rows to mma.sync (swapped at 1..8); wgmma
# there was m64n8k16 / m64n16k16 behind a fence per step. Variants, 8192^2
# W4A16 channel / g128 / W8A16 and 4096 x 11008 W4A16 channel, M = 1 / 8 /
# 16: "wg2" 2 warpgroups of one weight tile, 2 K splits, 16 stages (128
# CTAs, the 17..32 kernel's shape); "wg4" the same with 4 splits, 12 stages,
# 2 CTAs per SM (256 CTAs).
# Prediction: equal or slower at 1..8 (the swapped mma.sync's MMAs are
# already half a 16-row tile's, and its 2-CTA tile pays less at the split-K
# end); at 9..16 within 0.5 us either way.
source scripts/runtime-env.sh
for cs in "w4a16-int4-channel:int4 scale=channel:8192x8192" "w4a16-int4-g128:int4 scale=group group_size=128:8192x8192" \
          "w8a16-int8-channel:int8 scale=channel:8192x8192" "w4a16-int4-channel:int4 scale=channel:4096x11008"; do
  IFS=: read -r case w shape <<< "$cs"
  spec="n=${shape%x*} k=${shape#*x} weight=$w target=h200"
  name=$case-$shape
  OUT=$OUT/$name timeout 120 bash bench/run.sh --cases $case --shapes $shape --ms 1,8,16 --reps 15 --sweeps 2 --no-graph --peers /nonexistent \
    --variant "wg2=dispatch=$(bench/plan-table.sh "$spec" 1-8:8x128x64:1x2x1:s16:k2:wg 9-16:16x128x64:1x2x1:s16:k2:wg)" \
    --variant "wg4=dispatch=$(bench/plan-table.sh "$spec" 1-8:8x128x64:1x2x1:s12:k4:c2:wg 9-16:16x128x64:1x2x1:s12:k4:c2:wg)" > $OUT/$name.log 2>&1
  echo "$name rc $?"; grep -E "^\| (humming-mlir|wg2|wg4|impl)" $OUT/$name.log; grep -iE "gate|error" $OUT/$name.log | head -3
done
bash scripts/bundle-out.sh
