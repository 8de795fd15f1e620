#!/bin/bash
# Session an, call 6 (carry ["dist"]; dist = branch exp/eight-per-iteration:
# 06e38ac with 8 k-blocks per iteration allowed). Written for the last ~60 s
# of the session's device time. Section 89's lead: the 4-bit 33..64 pair at
# 8192^2 with 16 stages of 8 k-blocks an iteration (one wait, fence,
# barrier and MMA drain per 8; ptxas: 197 registers against 125, no
# spills) beside the planner's 16 of 4, M = 48 / 64. Prediction: 0.2-0.6
# us faster (12 of 2 -> 16 of 4 was 1.0-1.5; halving the per-iteration
# costs again saves at most half of that, less the registers' cost).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
date +%T
VARIANT_MS=48,64 VARIANT_TIMEOUT=50 VARIANT_SWEEPS=2 VARIANT_REPS=15
entry_variants i8-channel w4a16-int4-channel 8192x8192 "i8=33-64:64x128x64:1x2x1:s16:kc2:wg:i8"
date +%T
bash scripts/bundle-out.sh
