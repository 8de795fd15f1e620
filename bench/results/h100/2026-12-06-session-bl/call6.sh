#!/bin/bash
# Session bl, call 6: the 96 x 256 tile of 86360fb at 65..96 rows as four
# warpgroups of one weight tile (the 128 x 256 tile's four-warpgroup forms:
# 4-bit channel 8 stages, 4 k-blocks an iteration; g128 6 stages, scales in
# the B fragment; int8 4 stages, 2 an iteration) against the planner's two
# warpgroups, one process, M = 72 / 96. Carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT"].
# Why: four compile in 120-240 ms less on this 2-core machine (the two
# take 420-536 ms a kernel there). Prediction: 4-bit channel 0-2 % faster
# (call 4: 41.7 against 42.1 us), g128 within 3 %, int8 2-5 % slower (4
# stages in flight, as at 57344 x 8192 in section 128). Rule: four where
# within 1 % or faster.
set -u
LIMIT=${LIMIT:-250}
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
export VARIANT_MS=72,96 VARIANT_REPS=10 VARIANT_SWEEPS=2 VARIANT_TIMEOUT=60
for shape in 28672x4096 18944x3584; do
  [ $((LIMIT - SECONDS)) -gt 40 ] && entry_variants c$shape w4a16-int4-channel $shape "four=65-96:96x256x64:1x4x1:s8:k1:wg:i4"
  [ $((LIMIT - SECONDS)) -gt 40 ] && entry_variants g$shape w4a16-int4-g128 $shape "four=65-96:96x256x64:1x4x1:s6:k1:wg:bf"
  [ $((LIMIT - SECONDS)) -gt 40 ] && entry_variants i$shape w8a16-int8-channel $shape "four=65-96:96x256x64:1x4x1:s4:k1:wg:i2"
done
gpu_clocks
bash scripts/bundle-out.sh
