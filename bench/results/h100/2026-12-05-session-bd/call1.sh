#!/bin/bash
# Session bd, call 1 (carry ["dist"]; dist/ = 3cded52, dist/prev/ =
# 0a0a54c; both built by scripts/build-static.sh, git-ignored).
# 1. Reference check of call1-layers.txt: 3cded52's rules as the planner
#    takes them (g64 and W8A16 g128 on 64-column tiles at 5 CTAs per SM up
#    to 16 rows; g128 and W8A16 g128 on one warpgroup of 128 columns at 3
#    at 17..32), with zero points, bias, bf16, odd N and K; memcheck of
#    layers 2 and 4.
# 2. A / B against 0a0a54c, one round, M = 1 / 16 / 32 / 64, g64, W8A16
#    g128 and g128 at 37888 x 3584 and 40960 x 4096. Prediction: 37888 as
#    session bc's call6 hand entries (g64 1.35-1.45x at 1..16, W8A16 g128
#    1.15-1.25x, g128 1.25-1.3x at 32); 40960 (640 tiles of 64 on 660
#    slots, 320 of 128 on 396) 1.15-1.3x where the old tiles took 1.21
#    waves; M = 64 within 0.5 us.
# 3. W8A16 g128 at 17..32: the planner's 5 stages at 3 CTAs per SM (66.6
#    KB, three fit) against call6's 6-stage entry (79.9 KB: only two fit,
#    so it ran 1.12 waves at 2 CTAs per SM and still beat 32 x 256 mma.sync
#    by 8 %). Prediction: 5 stages at 3 CTAs 5-10 % faster than 6 at 2.
set -u
LIMIT=${LIMIT:-575}
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
d=bench/results/h100/2026-12-05-session-bd
check_layers layers $d/call1-layers.txt 150
MEMCHECK_TIMEOUT=70 memcheck_layers layers $d/call1-layers.txt 2 4
OUT=$OUT/ab timeout $((LIMIT - SECONDS - 120)) bash bench/ab.sh \
  dist/prev/humming-runtime.tar.xz 1 \
  --cases w4a16-int4-g64,w8a16-int8-g128,w4a16-int4-g128 \
  --shapes 37888x3584,40960x4096 --ms 1,16,32,64 \
  --reps 15 --sweeps 1 --no-graph --peers /nonexistent
echo "ab rc $? $(date +%T)"
VARIANT_MS=17,24,32 VARIANT_TIMEOUT=$((LIMIT - SECONDS - 5))
entry_variants w8g128-17 w8a16-int8-g128 37888x3584 \
  "s6=17-32:32x128x64:1x1x1:s6:k1:c3:wg" "s6c2=17-32:32x128x64:1x1x1:s6:k1:c2:wg"
gpu_clocks
bash scripts/bundle-out.sh
