#!/bin/bash
# Session an, call 3 (carry ["dist"]; dist = 08abfa2, call 2's final run).
# The 33..64 cluster-pair tile's stage count at 8192^2, beside the planner
# (16 stages for 4-bit codes, 8 for 8-bit; chosen when the tile had the
# persistent loop and a workspace end), M = 48 / 64. Prediction: within
# +-0.3 us (bytes in flight: 8 stages of 12 KB already cover ~2 us of
# latency at an SM's share of the bandwidth; fewer stages shorten only the
# prologue's copies, which the first wait does not wait for).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
date +%T
VARIANT_MS=48,64 VARIANT_TIMEOUT=60
entry_variants st-channel w4a16-int4-channel 8192x8192 "s12=33-64:64x128x64:1x2x1:s12:kc2:wg" "s8=33-64:64x128x64:1x2x1:s8:kc2:wg"
entry_variants st-g128 w4a16-int4-g128 8192x8192 "s12=33-64:64x128x64:1x2x1:s12:kc2:wg" "s8=33-64:64x128x64:1x2x1:s8:kc2:wg"
entry_variants st-w8 w8a16-int8-channel 8192x8192 "s12=33-64:64x128x64:1x2x1:s12:kc2:wg" "s6=33-64:64x128x64:1x2x1:s6:kc2:wg"
date +%T
bash scripts/bundle-out.sh
