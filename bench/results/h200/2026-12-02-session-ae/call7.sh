#!/bin/bash
# Session ae, call 7 (d5571ea's runtime, carry ["dist"]): section 72's
# probe wins at 4096^2 by dropping the 4-split end; within today's builder
# the nearest tables at 1..8 rows: 32-column blocks (4 warps along K)
# unsplit at one CTA per SM (128 CTAs) and with 2 splits at 2 per SM (256),
# against the planner's 64-column 2-CTA tile with 4 splits.
# Prediction: unsplit 0.2-0.6 us faster at 4096^2 (no split end, but 4
# warps per SM), 2 splits 0.1-0.4 faster; at 4096 x 11008 (longer units)
# both within 0.3 of the planner.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
for cs in w4a16-int4-channel:4096x4096 w4a16-int4-g128:4096x4096 w4a16-int4-channel:4096x11008; do
  case=${cs%:*} shape=${cs#*:}
  spec="n=${shape%x*} k=${shape#*x} $(case_spec $case) target=h200"
  VARIANT_MS=1,4,8 VARIANT_REPS=15 VARIANT_TIMEOUT=60 variants b32-$shape-$case $case $shape \
    "u1=dispatch=$(bash bench/plan-table.sh "$spec" 1-8:8x32x64:1x1x4:s32:k1:sw)" \
    "k2=dispatch=$(bash bench/plan-table.sh "$spec" 1-8:8x32x64:1x1x4:s32:k2:c2:sw)"
done
bash scripts/bundle-out.sh
