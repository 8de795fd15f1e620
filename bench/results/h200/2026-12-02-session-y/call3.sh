#!/bin/bash
# Session y, call 3 (34d0c41's runtime: 30f95c3's kernels, carry ["dist"],
# about 3 min).
# Call 2: at 8192^2, 2 K splits instead of 4 (64-column tiles, 2 CTAs per SM)
# changed nothing (-0.3..+0.1 us), unsplit at 1 CTA per SM lost 1.0-1.9. Would
# an unsplit tile at 2 CTAs per SM (256 CTAs of 128 KB, no split-K end) be
# worth 32-column weight tiles (a layout change) at 8192^2? The same question
# at a shape where 64-column tiles give it without a layout change:
# N = 16384, K = 4096, the same 33.5 MB. Variants, M = 1 / 4 / 8 / 16:
#   u64c2: unsplit 8 x 64 / 16 x 64 (2 x 2 warps) at 2 CTAs per SM: 256 CTAs x 128 KB
#   s128k2: 8 x 128 / 16 x 128 (4 warps of half tiles, as 8192^2's planner
#   tiles) with 2 K splits at 2 CTAs per SM: 256 CTAs x 128 KB, a split-K end
# and the planner's table (8 x 256 of 8 warps, 2 splits, 1 CTA per SM at
# 1..8; unsplit 16 x 64 of 2 x 4 warps at 2 CTAs per SM at 9..16), and
# 8192^2's planner once more for reference.
# Prediction: u64c2 0.5-1.0 us faster than s128k2 at M = 1..8 (the end, less
# the 2 x 2 tile's costs); both at 8192^2's planner time +-0.3.
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
for c in "channel:scale=channel" "g128:scale=group group_size=128"; do
  s="n=16384 k=4096 weight=int4 ${c#*:} target=h200"
  run ${c%%:*}-16384x4096 w4a16-int4-${c%%:*} 16384x4096 \
    "u64c2=dispatch=$(bench/plan-table.sh "$s" 1-8:8x64x64:1x2x2:s16:k1:c2:sw 9-16:16x64x64:1x2x2:s16:k1:c2)" \
    "s128k2=dispatch=$(bench/plan-table.sh "$s" 1-8:8x128x64:1x4x1:s8:k2:c2:sw 9-16:16x128x64:1x4x1:s8:k2:c2)"
done
run channel-8192 w4a16-int4-channel 8192x8192
bash scripts/bundle-out.sh
