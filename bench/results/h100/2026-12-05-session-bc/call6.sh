#!/bin/bash
# For the next device session (carry ["dist"]; dist/ = 0a0a54c, main's
# planner since session bc; dist/prev/ = 6e96837, before it; both built by
# scripts/build-static.sh, git-ignored; if gone: `git checkout 6e96837 --
# lib/Kernel/`, build-static, move the tarball to dist/prev/ with COMMIT
# 6e96837, `git checkout HEAD -- lib/Kernel/`, build-static again).
# Sections 116-118 were measured on an H100 but for call 3.
# 1. A / B against 6e96837, one round, M = 1 / 16 / 32 / 64: W4A16 and
#    W8A16 channel at 37888 x 3584, 37900 x 4096, 4544 x 4544 and 29120 x
#    4096; g128 at 37888 x 3584 and 37900 x 4096. Prediction (H100 gains,
#    less the H200's shorter second waves): 37900 / 29120 W4A16 1.4-2.5x,
#    4544^2 17..64 1.8-2.6x, W8A16 37888 1.1-1.2x at every M, g128 37888
#    1.2-1.4x at 1..16; cells whose entry did not change within 0.5 us.
# 2. Hand entries at 37888 x 3584 where the planner still takes 1.12 waves:
#    g64 at 1..16 on the 4-warp 64-column tile at 5 CTAs per SM (71 / 92
#    registers); W8A16 g128 on the same at 1..16 (61 / 87) and one
#    warpgroup of 128 columns at 3 CTAs per SM at 17..32 (168); g128 on
#    that warpgroup tile at 17..32 (168; at 33..64 it spills). Prediction:
#    15-30 % faster in each, as their channel and g128 neighbours.
# 3. 57344 x 8192 W8A16 (224 tiles of 256, 1.70 waves) at 1..16 on
#    128-column half tiles at 4 CTAs per SM (448 of 528, 5 stages; 56 / 68
#    registers). Prediction: 5-15 % faster (8-bit tails cost more than
#    4-bit ones, section 117), or equal as W4A16 there (section 116).
set -u
LIMIT=${LIMIT:-575}
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
OUT=$OUT/ab timeout $((LIMIT - SECONDS - 330)) bash bench/ab.sh \
  dist/prev/humming-runtime.tar.xz 1 --cases w4a16-int4-channel,w8a16-int8-channel \
  --shapes 37888x3584,37900x4096,4544x4544,29120x4096 --ms 1,16,32,64 \
  --reps 15 --sweeps 1 --no-graph --peers /nonexistent
echo "ab rc $? $(date +%T)"
OUT=$OUT/ab-g128 timeout $((LIMIT - SECONDS - 240)) bash bench/ab.sh \
  dist/prev/humming-runtime.tar.xz 1 --cases w4a16-int4-g128 \
  --shapes 37888x3584,37900x4096 --ms 1,16,32,64 \
  --reps 15 --sweeps 1 --no-graph --peers /nonexistent
echo "ab-g128 rc $? $(date +%T)"
VARIANT_MS=1,8,9,16,17,32 VARIANT_TIMEOUT=60
C5="c5n=1-8:8x64x64:1x2x2:s8:k1:c5:sw 9-16:16x64x64:1x2x2:s8:k1:c5"
entry_variants g64-37888 w4a16-int4-g64 37888x3584 "$C5"
entry_variants w8g128-37888 w8a16-int8-g128 37888x3584 \
  "c5n=1-8:8x64x64:1x2x2:s6:k1:c5:sw 9-16:16x64x64:1x2x2:s6:k1:c5 17-32:32x128x64:1x1x1:s6:k1:c3:wg"
entry_variants g128-37888-wg w4a16-int4-g128 37888x3584 \
  "c3wg=17-32:32x128x64:1x1x1:s6:k1:c3:wg"
VARIANT_MS=1,8,9,16 VARIANT_TIMEOUT=$((LIMIT - SECONDS - 5))
entry_variants w8-57344 w8a16-int8-channel 57344x8192 \
  "c4h=1-8:8x128x64:1x4x1:s5:k1:c4:sw 9-16:16x128x64:1x4x1:s5:k1:c4"
gpu_clocks
bash scripts/bundle-out.sh
