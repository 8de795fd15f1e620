#!/bin/bash
# Session bn, call 5: 11008 x 4096 (86 column tiles of 128, too few for
# two CTAs per SM unsplit), where Humming still leads at M = 80 / 128:
# two M tiles of half the rows per weight tile at two CTAs per SM (172
# CTAs), channel and g128. Carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT"] (main at d5624f4a's planner).
# Prediction: 0-8 % faster than the planner's 96 x 128 unsplit (M = 80)
# and 128 x 256 in 3 splits (M = 128); the weight tile is read by two
# CTAs (L2 hits for the second).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
export VARIANT_REPS=10 VARIANT_SWEEPS=2 VARIANT_TIMEOUT=120
VARIANT_MS=80,128 entry_variants c11008 w4a16-int4-channel 11008x4096 \
  "m48=65-96:48x128x64:1x2x1:s6:k1:c2:wg" \
  "m64=65-96:64x128x64:1x2x1:s6:k1:c2:wg 97-128:64x128x64:1x2x1:s6:k1:c2:wg"
VARIANT_MS=80,128 entry_variants g11008 w4a16-int4-g128 11008x4096 \
  "m48=65-96:48x128x64:1x2x1:s6:k1:c2:wg" \
  "m64=97-128:64x128x64:1x2x1:s6:k1:c2:wg" \
  "m64bf=97-128:64x128x64:1x2x1:s6:k1:c2:wg:bf"
gpu_clocks
bash scripts/bundle-out.sh
