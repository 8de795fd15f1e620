#!/bin/bash
# Session bd, call 4 (carry ["dist"]; dist/ = call 3's build, main's
# planner at 5dcf60b). 37888 x 3584 at 33..64 rows, where 4-bit groups keep
# 1.12 waves: call 2's 5- and 3-CTA tiles spilled their group sums (64-224
# bytes, in the loop). With the group scales in the B fragment (`:bf`, no
# per-group sums) the same tiles take 96 / 168 registers and spill
# nothing. 5 CTAs at 3 stages (the planner's budget) and 4 (over it, but
# 5 x 45 KB fit the SM), 3 CTAs at 4; W8A16 g128 (the planner's 5-CTA
# tile on sums, 32 bytes of spills) against the same with `:bf`.
# Prediction: 4-bit groups on the 5-CTA `:bf` tile 10-20 % faster than the
# planner (channel codes gained 12 % there, section 115; the B-fragment
# multiply costs a little), 3-CTA within 5 % of it; W8A16 within 3 %.
set -u
LIMIT=${LIMIT:-575}
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
VARIANT_MS=33,48,64 VARIANT_TIMEOUT=120
for c in g128 g64; do
  entry_variants $c-bf w4a16-int4-$c 37888x3584 \
    "c5bf3=33-64:64x64x64:1x1x1:s3:k1:c5:wg:bf" \
    "c5bf4=33-64:64x64x64:1x1x1:s4:k1:c5:wg:bf" \
    "c3bf=33-64:64x128x64:1x1x1:s4:k1:c3:wg:bf"
done
VARIANT_TIMEOUT=$((LIMIT - SECONDS - 5))
entry_variants w8g128-bf w8a16-int8-g128 37888x3584 \
  "c5bf=33-64:64x64x64:1x1x1:s3:k1:c5:wg:bf" "c3bf=33-64:64x128x64:1x1x1:s4:k1:c3:wg:bf"
gpu_clocks
bash scripts/bundle-out.sh
