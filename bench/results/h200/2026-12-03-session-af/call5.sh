#!/bin/bash
# Session af, call 5 (8ff4c03's runtime, carry ["dist"]): 9..16 rows of
# g128 codes where the 1..8 rows take 2 CTAs per SM: 11008 x 4096 (1..8:
# 16 x 128 tiles of 4 half-tile warps at 2 CTAs per SM, 3 splits, section
# 42, whose 9..16 rows kept 16 x 256 tiles of 8 warps with 3 splits, not
# measured); and 28672 x 4096 (planner: 16 x 256 tiles of 8 warps, unsplit,
# one CTA per SM, 112 CTAs) against 16 x 128 tiles at 2 CTAs per SM (224
# CTAs on 264 slots, the channel layer's shape there), both halves.
# Prediction: 11008 x 4096 at 9..16 0.3-1.0 us faster (the 1..8 rows
# gained 0.1-0.3 on the same tile; M = 16 is 2.2 us over M = 8 today);
# 28672 x 4096 within 1 us either way (a thread of 4-warp CTAs at 2 per SM
# has 255 registers, so the sums on group scales need not spill).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
c=w4a16-int4-g128
spec() { echo "n=${1%x*} k=${1#*x} $(case_spec $c) target=h200"; }
export VARIANT_MS=1,4,8,9,12,16 VARIANT_REPS=15 VARIANT_TIMEOUT=100
s=$(spec 11008x4096)
variants g-11008x4096 $c 11008x4096 \
  "c2k3=dispatch=$(plan_table "$s" 9-16:16x128x64:1x4x1:s8:k3:c2)"
s=$(spec 28672x4096)
variants g-28672x4096 $c 28672x4096 \
  "c2=dispatch=$(plan_table "$s" 1-8:8x128x64:1x4x1:s8:k1:c2:sw 9-16:16x128x64:1x4x1:s8:k1:c2)"
bash scripts/bundle-out.sh
