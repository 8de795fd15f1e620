#!/bin/bash
# Session bc, call 2 (carry ["dist"]; dist/ = 5044304, the planner's
# fallbacks for N an odd multiple of 64; dist/prev/ = 6e96837, before it).
# 1. Reference check of call2-layers.txt: every new kind of entry (64-column
#    4-warp tiles at 5 CTAs per SM up to 16 rows, one and more waves; the
#    split 2-CTA 64-column tile; the 3-CTA warpgroup tile in capped splits
#    and in two waves; the 5-CTA one beyond one wave) across int4 / uint4
#    zero points / int8 with bias / uint2, channel / g64 / g128, fp16 /
#    bf16, odd N and K. Memcheck on the 45100-column layer (the 5-CTA tiles
#    loop past one wave) and the g64 zero-point one (split ends).
# 2. A / B against 6e96837, one round, M = 1 / 16 / 32 / 64:
#    channel and W8A16 at 4544 x 4544, 4672 x 4544, 4544 x 18176, 29120 x
#    4096, 37900 x 4096, 45120 x 4096; g128 and g64 at 4544 x 18176, 29120
#    x 4096, 37900 x 4096. Predictions: wherever the old table took the
#    2-warp fallback, 1.3-3x faster (call 1: 37900 channel 1..16 1.5-1.8x,
#    4544^2 channel 17..64 2-2.9x); 29120 / 45120 channel 1.4-2x at every
#    M; W8A16 37900 1.3-1.6x up to 16 rows and 1.5-3x at 17..64 (3-CTA
#    tiles in 2 waves against 9 waves of 2 warps); g128 4544 x 18176 M =
#    1 1.3-2x (3 splits of the 2-CTA tile), 33..64 about 2x. Cells whose
#    entry did not change: equal within 0.5 us.
set -u
LIMIT=${LIMIT:-575}
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
d=bench/results/h100/2026-12-05-session-bc
check_layers layers $d/call2-layers.txt 150
MEMCHECK_TIMEOUT=60 memcheck_layers layers $d/call2-layers.txt 2 6
OUT=$OUT/ab timeout $((LIMIT - SECONDS - 110)) bash bench/ab.sh \
  dist/prev/humming-runtime.tar.xz 1 --cases w4a16-int4-channel,w8a16-int8-channel \
  --shapes 4544x4544,4672x4544,4544x18176,29120x4096,37900x4096,45120x4096 \
  --ms 1,16,32,64 --reps 15 --sweeps 1 --no-graph --peers /nonexistent
echo "ab rc $? $(date +%T)"
OUT=$OUT/ab-groups timeout $((LIMIT - SECONDS - 10)) bash bench/ab.sh \
  dist/prev/humming-runtime.tar.xz 1 --cases w4a16-int4-g128,w4a16-int4-g64 \
  --shapes 4544x18176,29120x4096,37900x4096 \
  --ms 1,16,32,64 --reps 15 --sweeps 1 --no-graph --peers /nonexistent
echo "ab-groups rc $? $(date +%T)"
gpu_clocks
bash scripts/bundle-out.sh
