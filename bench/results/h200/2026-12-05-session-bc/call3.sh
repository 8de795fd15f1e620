#!/bin/bash
# Session bc, call 3 (carry ["dist"]; dist/ = 5044304): W8A16 channel at
# 1..16 rows on model shapes, where scripts/plan-balance.py finds the
# planner's tiles on 56-73 % of the SMs (one 64- or 256-column tile an SM,
# unsplit: the fill rule floors 132 / tiles to one split) or 1.12 waves.
# Never measured for 8-bit codes beyond 4096 / 8192 / 11008.
# - 5120 x 5120 and 5120 x 13824 (80 tiles of 64, 80 / 216 k-blocks), 4608
#   x 3584 (72), 6144 x 4096 (96): the same 8-warp 64-column tile in 2 or
#   3 K splits at 2 CTAs per SM (160-240 of 264 slots), and 32-column
#   blocks of 4 warps at 2 CTAs per SM unsplit (144-192).
# - 18944 x 3584 (74 tiles of 256) and 22016 x 4096 (86): the staged
#   64-column 8-warp tile at 3 CTAs per SM (296 / 344 of 396), 128-column
#   half tiles at 2 (148 / 172 of 264); at 18944 also 4-warp 64-column
#   tiles at 5.
# - 37888 x 3584 (148 tiles of 256, 1.12 waves): 4-warp 64-column tiles at
#   5 CTAs per SM (592 of 660), 128-column half tiles at 3 (296 of 396).
# Prediction: 15-30 % faster at M = 1 where the planner leaves a third of
# the SMs idle (5120^2, 5120 x 13824, 4608 x 3584, 18944 x 3584), 5-15 %
# at 6144 x 4096 / 22016 x 4096 / 37888 x 3584; the split ones best at
# 5120 x 13824 (216 k-blocks), unsplit blocks at 5120^2.
set -u
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
VARIANT_MS=1,8,9,16 VARIANT_TIMEOUT=100
c=w8a16-int8-channel
k() { echo "$1=1-8:8x$2:s$3:k$4:c$5:sw 9-16:16x$2:s$3:k$4:c$5"; }
entry_variants w8-5120 $c 5120x5120 "$(k k3c2 64x64:1x2x4 16 3 2)" "$(k k2c2 64x64:1x2x4 16 2 2)" "$(k b2 32x64:1x1x4 16 1 2)"
entry_variants w8-5120x13824 $c 5120x13824 "$(k k3c2 64x64:1x2x4 16 3 2)" "$(k k2c2 64x64:1x2x4 16 2 2)" "$(k b2 32x64:1x1x4 16 1 2)"
entry_variants w8-4608 $c 4608x3584 "$(k k3c2 64x64:1x2x4 16 3 2)" "$(k k2c2 64x64:1x2x4 16 2 2)" "$(k b2 32x64:1x1x4 16 1 2)"
entry_variants w8-6144 $c 6144x4096 "$(k k2c2 64x64:1x2x4 16 2 2)" "$(k b2 32x64:1x1x4 16 1 2)"
entry_variants w8-18944 $c 18944x3584 "$(k c3s 64x64:1x2x4 12 1 3)" "$(k c2h 128x64:1x4x1 8 1 2)" "$(k c5n 64x64:1x2x2 6 1 5)"
entry_variants w8-22016 $c 22016x4096 "$(k c3s 64x64:1x2x4 12 1 3)" "$(k c2h 128x64:1x4x1 8 1 2)"
entry_variants w8-37888 $c 37888x3584 "$(k c5n 64x64:1x2x2 6 1 5)" "$(k c3h 128x64:1x4x1 7 1 3)"
gpu_clocks
bash scripts/bundle-out.sh
