#!/bin/bash
# Session y, call 2 (34d0c41's runtime: 30f95c3's kernels, carry ["dist"], about 3 min).
# Call 1's 32-column blocks read out of bounds (the weights come in 64-column
# tiles; such blocks are now refused). The question it asked stays: what is
# the 4-split end worth at 8192^2? Unsplit with whole 64-column tiles is 128
# CTAs, one per SM (4 SMs idle), as W8A16's planner tile (8 x 64, 2 x 4 warps,
# 16 stages), never measured for 4-bit codes at this shape.
# Prediction: the 4-split end is ~1.4 us (section 37), the lost 2 CTAs per SM
# cost about as much (section 37: one CTA of 8 warps lost 0.6-1.0 against two
# of 4): unsplit within +-0.5 us of the planner at M = 1..16; 32 stages (64 KB
# in flight) 0-0.3 faster than 16. Also 2 splits of 64-column tiles at 2 CTAs
# per SM (h2: a 2-split end): 0-0.5 faster than the planner's 4 splits.
set -u
source scripts/runtime-env.sh
run() {  # name case shape variant...
  local name=$1 case=$2 shape=$3; shift 3
  local args=()
  for v in "$@"; do args+=(--variant "$v"); done
  OUT=$OUT/$name timeout 150 bash bench/run.sh --cases $case --shapes $shape --ms 1,4,8,16 --reps 15 --sweeps 2 --no-graph --peers /nonexistent \
    "${args[@]}" > $OUT/$name.log 2>&1
  echo "$name rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/$name.log; grep -iE "gate|error|fail" $OUT/$name.log | head -3
}
a="1-8:8x64x64:1x2x4:s16:k1:sw"; b="9-16:16x64x64:1x2x4:s16:k1"
for c in "channel:scale=channel" "g128:scale=group group_size=128"; do
  s="n=8192 k=8192 weight=int4 ${c#*:} target=h200"
  run ${c%%:*}-8192 w4a16-int4-${c%%:*} 8192x8192 \
    "u16=dispatch=$(bench/plan-table.sh "$s" $a $b)" \
    "u32=dispatch=$(bench/plan-table.sh "$s" ${a/s16/s32} ${b/s16/s32})" \
    "h2=dispatch=$(bench/plan-table.sh "$s" 1-8:8x64x64:1x2x2:s16:k2:c2:sw 9-16:16x64x64:1x2x2:s16:k2:c2)"
done
bash scripts/bundle-out.sh
