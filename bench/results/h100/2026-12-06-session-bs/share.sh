#!/bin/bash
# Session bs: the 80-row tiles of 65..80 rows in workspace splits, with and
# without the shared split reduction. rows.sh found the 80-row copy 2-3 %
# slower than the 96-row tile at 11008 x 4096 W4A16 channel (3 splits, 2
# CTAs per SM) and at 4096^2 W8A16 M = 80 (4 splits): there the 96-row
# tile's 48 KB of sums a split shares its reduction and the 80-row tile's
# 40 KB did not (kSharedReductionMinBytes 48 KB). Three builds in one
# process (bench/variants.sh build_variants): dist/ (3e09ea81, the planner
# of 96 rows), dist/rows (the 16-row ranges, 48 KB) and dist/rows2 (the
# same with 40 KB: the 80-row tiles share).
# Prediction: rows2 0.2-0.5 us faster than rows at M = 65..80 on the split
# layers, and so no slower than dist; M = 96 the same kernel in all three.
# Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT", "dist/rows", "dist/rows2"].
set -u
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
while read -r c s; do
  VARIANT_MS=65,72,80,96 VARIANT_TIMEOUT=100 build_variants "share-$c-$s" "$c" "$s" \
    rows=dist/rows/humming-runtime.tar.xz rows2=dist/rows2/humming-runtime.tar.xz
done <<'LIST'
w4a16-int4-channel 11008x4096
w8a16-int8-channel 4096x4096
w4a16-int4-channel 4096x4096
w4a16-int4-channel 4096x11008
w8a16-int8-channel 4096x11008
w4a16-int4-g128 4096x4096
w4a16-int4-g128 4096x11008
LIST
gpu_clocks
