#!/bin/bash
# Session ba's last H200 call (carry ["dist"]): 14336 x 4096 channel at
# 17..32 rows, where call 1 measured the planner 1.01x Marlin at M = 32
# (19.3 us against 19.5; 12.7 at M = 16). Its entry is 2 K splits of the
# 2-CTA mma.sync 32 x 128 tile (224 units). Against it, wgmma tiles:
# 32 x 64 at 3 CTAs per SM unsplit (224 CTAs, one wave) and in 2 splits
# (448 of 396 slots), 32 x 128 of one warpgroup at 2 CTAs per SM in 2
# splits (224 CTAs), 2 warpgroups of 64 columns as 2-split cluster pairs.
# Prediction: one of the wgmma tiles 1-3 us faster at M = 24 / 32 (on
# 8192^2 the wgmma tiles beat mma.sync at 17..32 by 3-6 %, section 16,
# and more with the cluster pairs).
set -u
source bench/variants.sh
source scripts/runtime-env.sh
VARIANT_MS=17,24,32 VARIANT_TIMEOUT=150
entry_variants w17-14336-channel w4a16-int4-channel 14336x4096 \
  "c3=17-32:32x64x64:1x1x1:s6:k1:c3:wg" "c3k2=17-32:32x64x64:1x1x1:s6:k2:c3:wg" \
  "c2=17-32:32x128x64:1x1x1:s12:k2:c2:wg" "pair=17-32:32x128x64:1x2x1:s16:kc2:wg"
bash scripts/bundle-out.sh
