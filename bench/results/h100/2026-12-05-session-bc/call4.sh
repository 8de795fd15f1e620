#!/bin/bash
# Session bc, call 4 (carry ["dist"]; dist/ = 849a6b7, 8-bit channel codes
# on 64-column 4-warp tiles at 5 CTAs per SM up to 16 rows where 256-column
# tiles take 1.12 waves; dist/prev/ = 5044304, before it).
# 1. Reference check of call4-layers.txt (the new entry with int8, uint8
#    zero points, bias, bf16, odd N and K; 17 / 40 rows unchanged) and
#    memcheck of its second layer.
# 2. A / B against 5044304, W8A16 channel, M = 1 / 8 / 16 / 32 at 37888 x
#    3584 and 40960 x 4096. Prediction: 20-25 % faster at 1..16 (call 3's
#    hand entries: 40.4-41.1 against 51.3-55.2 us), equal at 32.
# 3. Hand entries at 37888 x 3584: W8A16 at 17..64 rows (planner: 148
#    CTAs of 32 x 256 mma.sync, then 296 of the one-warpgroup 128-column
#    tile at 2 CTAs per SM, both 1.12 waves) against one warpgroup of 64
#    columns at 5 CTAs per SM (592 of 660; 90 / 95 registers) and of 128
#    columns at 3 (296 of 396; 138 / 168); g128 at 1..16 (148 CTAs of 16 x
#    256, 1.12 waves) against the 4-warp 64-column tile at 5 CTAs per SM.
#    Prediction: W8A16 15-25 % faster at 17..32 on one of them, 5-15 % at
#    33..64; g128 10-20 % at 1..16.
set -u
LIMIT=${LIMIT:-470}
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
d=bench/results/h200/2026-12-05-session-bc
check_layers layers $d/call4-layers.txt 100
MEMCHECK_TIMEOUT=45 memcheck_layers layers $d/call4-layers.txt 2
OUT=$OUT/ab timeout $((LIMIT - SECONDS - 100)) bash bench/ab.sh \
  dist/prev/humming-runtime.tar.xz 1 --cases w8a16-int8-channel \
  --shapes 37888x3584,40960x4096 --ms 1,8,16,32 --reps 15 --sweeps 1 \
  --no-graph --peers /nonexistent
echo "ab rc $? $(date +%T)"
VARIANT_MS=17,32,48,64 VARIANT_TIMEOUT=60
entry_variants w8-37888-wg w8a16-int8-channel 37888x3584 \
  "c5wg=17-32:32x64x64:1x1x1:s6:k1:c5:wg 33-64:64x64x64:1x1x1:s4:k1:c5:wg" \
  "c3wg=17-32:32x128x64:1x1x1:s6:k1:c3:wg 33-64:64x128x64:1x1x1:s4:k1:c3:wg"
VARIANT_MS=1,8,9,16 VARIANT_TIMEOUT=$((LIMIT - SECONDS - 5))
entry_variants g128-37888 w4a16-int4-g128 37888x3584 \
  "c5n=1-8:8x64x64:1x2x2:s8:k1:c5:sw 9-16:16x64x64:1x2x2:s8:k1:c5"
gpu_clocks
bash scripts/bundle-out.sh
