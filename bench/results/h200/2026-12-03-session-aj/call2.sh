#!/bin/bash
# Session aj, call 2 (carry ["dist"]): the planner with section 83's
# queues (this commit): 4-bit channel 9..16 rows through the one-CTA
# 16-warp queue at any K (was at most 64 k-blocks a block); g128+ through
# it where a block holds more than 64 k-blocks (1..16 rows); at 8192^2
# 1..8 rows, 64-column blocks of 2 x 8 warps through queues of 3 rounds at
# one CTA per SM (channel and g128+).
# 1. humming-run's reference check on call2-layers.txt (the new tables:
#    8192^2 channel + bias, uint4 g128 zero points bf16; 4096 x 11008 g128
#    bf16 at 1..16; 4096 x 8192 channel + bias at 9..16; 4000 x 9984 uint4
#    g128 zero points, N tail); memcheck on two.
# 2. The replaced entries as variants beside the new ones where the new
#    choice was not measured (4096 x 8192 and 4096 x 14336), and the next
#    questions at 8192^2: 4 rounds, 32 warps of 2 rounds, g64, int8, and
#    9..16 rows on the 64-column one-CTA queue.
# Prediction: 4096 x 8192 and 4096 x 14336 queues 0.5-2 us faster than the
# replaced staged tiles (as at 11008, section 83); 8192^2 4 rounds and 32
# warps within 0.2 of 3 rounds; g64 at 8192^2 0.5-1 us faster than the
# staged 4-split; int8 within 0.3 of its staged 64-column tile; 9..16 rows
# on the 64-column queue 0.3-1 us slower (twice the MMAs a round at 16 warps
# a CTA, section 79).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
d=bench/results/h200/2026-12-03-session-aj
date +%T
timeout 150 bash scripts/check-layers.sh < $d/call2-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
sed -n '2p;5p' $d/call2-layers.txt | timeout 100 bash scripts/memcheck-layers.sh > "$OUT/memcheck.txt" 2>&1
tail -1 "$OUT/memcheck.txt"
date +%T
export VARIANT_MS=1,4,8 VARIANT_REPS=15 VARIANT_TIMEOUT=60
ch=w4a16-int4-channel g=w4a16-int4-g128
entry_variants ch-8192 $ch 8192x8192 old=1-8:8x32x64:1x1x16:s1:k1:c2:rs w64rq4=1-8:8x64x64:1x2x8:s4:k1:rq w64x16rq2=1-8:8x64x64:1x2x16:s2:k1:rq
entry_variants g-8192 $g 8192x8192 old=1-8:8x32x64:1x1x16:s1:k1:c2:rs w64rq2=1-8:8x64x64:1x2x8:s2:k1:rq
entry_variants g64-8192 w4a16-int4-g64 8192x8192 w64rq3=1-8:8x64x64:1x2x8:s3:k1:rq
entry_variants i8-8192 w8a16-int8-channel 8192x8192 w64rq2=1-8:8x64x64:1x2x8:s2:k1:rq w64rq3=1-8:8x64x64:1x2x8:s3:k1:rq
entry_variants g-4096x8192 $g 4096x8192 old=1-8:8x64x64:1x2x2:s16:k4:c2:sw
entry_variants g-4096x14336 $g 4096x14336 old=1-8:8x256x64:1x8x1:s8:k8:sw
entry_variants g64-4096x11008 w4a16-int4-g64 4096x11008 rq3=1-8:8x32x64:1x1x16:s3:k1:rq
date +%T
export VARIANT_MS=9,16
entry_variants ch16-8192 $ch 8192x8192 w64=9-16:16x64x64:1x2x8:s3:k1:rq
entry_variants g16-8192 $g 8192x8192 w64=9-16:16x64x64:1x2x8:s3:k1:rq
entry_variants ch16-4096x8192 $ch 4096x8192 old=9-16:16x64x64:1x2x2:s16:k4:c2
entry_variants g16-4096x8192 $g 4096x8192 old=9-16:16x64x64:1x2x2:s16:k4:c2
entry_variants g16-4096x14336 $g 4096x14336 old=9-16:16x256x64:1x8x1:s8:k8
entry_variants ch16-4096x14336 $ch 4096x14336 old=9-16:16x64x64:1x2x2:s16:k4:c2
date +%T
bash scripts/bundle-out.sh
