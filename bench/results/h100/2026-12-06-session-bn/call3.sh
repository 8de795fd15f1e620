#!/bin/bash
# Session bn, call 3. Call 2 found 128 x 128 tiles at 2 CTAs per SM (4
# stages, 224 CTAs) 12-14 % faster than the planner's unsplit 128 x 256
# (112 CTAs, one per SM) at 28672 x 4096 97..128 rows. Does that hold for
# the other codes and widths, and for the neighbouring ranges? Carry
# ["dist/humming-runtime.tar.xz", "dist/COMMIT"].
# Predictions: g128 and int8 at 28672 x 4096 97..128 5-14 % faster;
# 22016 x 4096 (86 -> 172 CTAs) and 18944 x 3584 (74 -> 148) 97..128
# 5-15 % faster; 57344 x 8192 (224 -> 448 CTAs, 1.7 waves at two per SM)
# no faster; 28672 65..96 with 96 x 128 at two per SM 0-10 % faster than
# 96 x 256 four-warpgroup; 129..192 with 192 x 128 at 3 stages and two per
# SM (224 CTAs in one wave instead of 1.7) 10-20 % faster.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
check_layers call3-layers bench/results/h100/2026-12-06-session-bn/call3-layers.txt 200
export VARIANT_REPS=10 VARIANT_SWEEPS=2 VARIANT_TIMEOUT=120
N128=97-128:128x128x64:1x2x1:s4:k1:c2:wg
VARIANT_MS=100,128 entry_variants s28672g w4a16-int4-g128 28672x4096 "n128=$N128"
VARIANT_MS=100,128 entry_variants s28672i w8a16-int8-channel 28672x4096 "n128=$N128"
VARIANT_MS=80,96,160,192 entry_variants s28672 w4a16-int4-channel 28672x4096 \
  "n96=65-96:96x128x64:1x2x1:s4:k1:c2:wg" \
  "n192=129-192:192x128x64:1x2x1:s3:k1:c2:wg"
VARIANT_MS=100,128 entry_variants s22016 w4a16-int4-channel 22016x4096 "n128=$N128"
VARIANT_MS=100,128 entry_variants s18944 w4a16-int4-channel 18944x3584 "n128=$N128"
VARIANT_MS=128 entry_variants s57344 w4a16-int4-channel 57344x8192 "n128=$N128"
gpu_clocks
bash scripts/bundle-out.sh
