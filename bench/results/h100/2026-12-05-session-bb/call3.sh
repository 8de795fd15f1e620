#!/bin/bash
# Session bb (carry ["dist"]; dist/ = 361c57e): call 1 measured on an H100
# the 32 x 64 warpgroup tile at 3 CTAs per SM unsplit (224 CTAs, 57 % of
# 396 slots) 2.3 us faster than the planner's 2-split 2-CTA mma.sync 32 x
# 128 tile at 14336 x 4096 channel M = 17..32 (16.7-17.1 against
# 19.0-19.5). The planner's 3-CTA tile requires 2+ splits. Here the same
# unsplit 3-CTA tile (and its 64-row copy at 33..64) where 64-column tiles
# number 199..396 (N 12.7k-25.3k): 14336 x 4096 channel / g128 / W8A16,
# 18944 x 3584 (296 tiles), 13824 x 5120 (216).
# Prediction: 17..32 1.5-2.5 us faster on each 4-bit channel shape; g128
# 1-2 faster; W8A16 (planner: mma.sync 32 x 256, 2 splits) within 1;
# 33..64 (planner: 2 splits of 64 x 128 at 2 CTAs per SM) 0.5-1.5 faster.
set -u
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
VARIANT_MS=17,24,32,40,48,64 VARIANT_TIMEOUT=140
E="17-32:32x64x64:1x1x1:s6:k1:c3:wg 33-64:64x64x64:1x1x1:s6:k1:c3:wg"
entry_variants c3-14336-channel w4a16-int4-channel 14336x4096 "c3=$E"
entry_variants c3-14336-g128 w4a16-int4-g128 14336x4096 "c3=$E"
entry_variants c3-14336-w8 w8a16-int8-channel 14336x4096 "c3=$E"
entry_variants c3-18944-channel w4a16-int4-channel 18944x3584 "c3=$E"
entry_variants c3-13824-channel w4a16-int4-channel 13824x5120 "c3=$E"
gpu_clocks
bash scripts/bundle-out.sh
