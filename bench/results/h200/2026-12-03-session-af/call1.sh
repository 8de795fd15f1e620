#!/bin/bash
# Session af, call 1 (b14b3c6's runtime in dist/, carry ["dist"]): the
# Python tests, then unsplit 32-column blocks at one CTA per SM (section
# 74's `u1`) where 4096^2 still takes K splits: W8A16 at 1..8 (planner: 2
# splits of 64-column tiles, 128 CTAs) and 9..16 (the same), W4A16 channel
# at 9..16 (planner: 4 splits of the 2-CTA 64-column tile); and W8A16 1..8
# with 2 splits at 2 CTAs per SM (`k2`).
# Prediction: W8A16 u1 at 1..8 -0.3..+0.5 us against the planner's 8.9
# (no split end, but 4 warps per SM instead of 8); at 9..16 16-row blocks
# do twice the MMAs of the swapped 8-row ones: W4A16 within 0.5 of the
# planner's 7.7, W8A16 within 0.5.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
timeout 120 python3 -m pytest -q python/tests > "$OUT/pytest.txt" 2>&1; tail -2 "$OUT/pytest.txt"
s8="n=4096 k=4096 $(case_spec w8a16-int8-channel) target=h200"
s4="n=4096 k=4096 $(case_spec w4a16-int4-channel) target=h200"
VARIANT_MS=1,4,8,12,16 VARIANT_REPS=15 VARIANT_TIMEOUT=100 variants u1-w8 w8a16-int8-channel 4096x4096 \
  "u1=dispatch=$(plan_table "$s8" 1-8:8x32x64:1x1x4:s32:k1:sw 9-16:16x32x64:1x1x4:s32:k1)" \
  "k2=dispatch=$(plan_table "$s8" 1-8:8x32x64:1x1x4:s32:k2:c2:sw)"
VARIANT_MS=9,12,16 VARIANT_REPS=15 VARIANT_TIMEOUT=100 variants u1-w4 w4a16-int4-channel 4096x4096 \
  "u1=dispatch=$(plan_table "$s4" 9-16:16x32x64:1x1x4:s32:k1)"
bash scripts/bundle-out.sh
