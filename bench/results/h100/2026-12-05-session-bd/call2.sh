#!/bin/bash
# Session bd, call 2 (carry ["dist"]; dist/ = 3cded52): the last short tails
# at 37888 x 3584 (296 tiles of 128 on 264 slots, 1.12 waves), where every
# candidate tile spills: g64 at 17..64 and g128 / W8A16 g128 at 33..64, on
# one warpgroup of 64 columns at 5 CTAs per SM (592 tiles on 660 slots;
# 96 registers, 28-68 bytes of spills, some in the loop) and of 128
# columns at 3 (296 on 396; 168 registers, 148-224 bytes, in the loop).
# Stages chosen so the CTAs fit the SM's 228 KB (W8A16 g128 at 5 CTAs: 3).
# Prediction: the 1.12 waves cost 12-31 % (sections 116-118) and the
# spills' local loads hit L1: 5-CTA 5-15 % faster, 3-CTA 0-10 %; low
# confidence.
set -u
LIMIT=${LIMIT:-575}
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
VARIANT_MS=17,32,33,48,64 VARIANT_TIMEOUT=150
entry_variants g64-tail w4a16-int4-g64 37888x3584 \
  "c5=17-32:32x64x64:1x1x1:s6:k1:c5:wg 33-64:64x64x64:1x1x1:s4:k1:c5:wg" \
  "c3=17-32:32x128x64:1x1x1:s6:k1:c3:wg 33-64:64x128x64:1x1x1:s4:k1:c3:wg"
VARIANT_MS=33,48,64
entry_variants g128-tail w4a16-int4-g128 37888x3584 \
  "c5=33-64:64x64x64:1x1x1:s4:k1:c5:wg" "c3=33-64:64x128x64:1x1x1:s4:k1:c3:wg"
VARIANT_TIMEOUT=$((LIMIT - SECONDS - 5))
entry_variants w8g128-tail w8a16-int8-g128 37888x3584 \
  "c5=33-64:64x64x64:1x1x1:s3:k1:c5:wg" "c3=33-64:64x128x64:1x1x1:s4:k1:c3:wg"
gpu_clocks
bash scripts/bundle-out.sh
