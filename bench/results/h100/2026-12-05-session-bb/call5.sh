#!/bin/bash
# Session bb (carry ["dist"]; dist/ = 3cbce3e): call 4 measured the unsplit
# 3-CTA warpgroup tile 0.2-5.7 us faster than the planner's tiles at 17..64
# on 14336 x 4096 and 18944 x 3584 (H100). Here the same tile with K
# splits through the workspace where the planner takes 2 warpgroups of 64
# columns (16 stages, 3-4 splits) or 12 stages at 17..64: 4096 x 14336 (64
# tiles x 6 splits at 17..32, x 3 at 33..64), 3584 x 18944 (56 x 7 / 3),
# 5120^2 (80 x 4 / 2, 20 / 40 k-blocks), 6144 x 4096 (96 x 4 / 2).
# Prediction: within 1 us of the planner at 17..32 (the 16-stage tiles
# measured faster where 2+ splits fill the SMs, section 22); at 33..64
# slower on the shapes with 3+ splits (64-row partials).
set -u
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
VARIANT_MS=17,32,48,64 VARIANT_TIMEOUT=110
entry_variants c3-4096x14336 w4a16-int4-channel 4096x14336 \
  "c3=17-32:32x64x64:1x1x1:s6:k6:c3:wg 33-64:64x64x64:1x1x1:s6:k3:c3:wg"
entry_variants c3-3584x18944 w4a16-int4-channel 3584x18944 \
  "c3=17-32:32x64x64:1x1x1:s6:k7:c3:wg 33-64:64x64x64:1x1x1:s6:k3:c3:wg"
entry_variants c3-5120x5120 w4a16-int4-channel 5120x5120 \
  "c3=17-32:32x64x64:1x1x1:s6:k4:c3:wg 33-64:64x64x64:1x1x1:s6:kc2:c3:wg"
entry_variants c3-6144x4096 w4a16-int4-channel 6144x4096 \
  "c3=17-32:32x64x64:1x1x1:s6:k4:c3:wg 33-64:64x64x64:1x1x1:s6:kc2:c3:wg"
gpu_clocks
bash scripts/bundle-out.sh
