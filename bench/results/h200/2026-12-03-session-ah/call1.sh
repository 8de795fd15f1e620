#!/bin/bash
# Session ah, call 1 (the runtime of the commit that adds 16-row swapped
# tiles; carry ["dist"]): swapped mma.sync tiles of 16 rows, staged (`:sw`,
# one ldmatrix.x4 a k16 step) and register-stream (`:rs`, rows g and 8 + g
# a lane), at 9..16 rows, where the planner has the unswapped 16-row tiles
# (M = 16 is 1.3-2.1 us over M = 8 on every 4-bit shape of the final run).
# 1. humming-run's reference check on call1-layers.txt (16-row :rs / :sw
#    entries: int4 / uint4 / uint6 / int8 / int2 / float4e2m1 codes, channel
#    and g32-g128 scales, zero points, bf16, bias, N / K tails, K splits
#    through the workspace, stream-K, cluster split, 1-3 CTAs per SM, and
#    16-row tiles at 1..8 rows); compute-sanitizer memcheck on three of them.
# 2. Speed at M = 9 / 12 / 16 against the planner's 9..16 entry.
# Prediction: register stream 16 rows: 4096^2 channel 6.3-6.8 us against
# 7.7; g128 6.3-6.9 against 7.9; 8192^2 channel 13.0-13.6 against 14.6
# (8 warps at 2 CTAs per SM, 2 ahead, 124 registers, or 2 x 8 warps of
# 64 columns at one CTA per SM), g128 13.8-14.5 against 15.3; 4096 x 11008
# 0.5-1.5 faster; 11008 x 4096 and W8A16 equal or slower (as at 1..8 rows).
# Staged 16-row swapped tiles (same MMA count and decodes as the unswapped
# tile): within 0.3 us of the planner.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
d=bench/results/h200/2026-12-03-session-ah
date +%T
timeout 150 bash scripts/check-layers.sh < $d/call1-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
sed -n '1p;3p;7p' $d/call1-layers.txt | awk '{print "5,9,16", substr($0, index($0, " ") + 1)}' \
  | timeout 120 bash scripts/memcheck-layers.sh > "$OUT/memcheck.txt" 2>&1
tail -1 "$OUT/memcheck.txt"
date +%T
export VARIANT_MS=9,12,16 VARIANT_REPS=15 VARIANT_TIMEOUT=100
ch=w4a16-int4-channel g=w4a16-int4-g128
entry_variants ch-8192 $ch 8192x8192 w8c2=9-16:16x32x64:1x1x8:s2:k1:c2:rs w8c2s1=9-16:16x32x64:1x1x8:s1:k1:c2:rs \
  n64=9-16:16x64x64:1x2x8:s2:k1:rs w16c2s1=9-16:16x32x64:1x1x16:s1:k1:c2:rs sw=9-16:16x128x64:1x4x1:s8:k4:c2:sw
entry_variants g-8192 $g 8192x8192 w8c2=9-16:16x32x64:1x1x8:s2:k1:c2:rs n64=9-16:16x64x64:1x2x8:s2:k1:rs \
  sw=9-16:16x128x64:1x4x1:s8:k4:c2:sw
date +%T
entry_variants ch-4096 $ch 4096x4096 w16=9-16:16x32x64:1x1x16:s2:k1:rs w16s1=9-16:16x32x64:1x1x16:s1:k1:rs \
  sw=9-16:16x64x64:1x2x2:s16:k4:c2:sw
entry_variants g-4096 $g 4096x4096 w16s4=9-16:16x32x64:1x1x16:s4:k1:rs w16=9-16:16x32x64:1x1x16:s2:k1:rs \
  sw=9-16:16x64x64:1x2x2:s16:k4:c2:sw
entry_variants ch-4096x11008 $ch 4096x11008 w16=9-16:16x32x64:1x1x16:s2:k1:rs sw=9-16:16x64x64:1x2x2:s16:k4:c2:sw
entry_variants g-4096x11008 $g 4096x11008 w16=9-16:16x32x64:1x1x16:s2:k1:rs w16s4=9-16:16x32x64:1x1x16:s4:k1:rs
date +%T
entry_variants ch-11008x4096 $ch 11008x4096 w8c3s1=9-16:16x32x64:1x1x8:s1:k1:c3:rs w4c3=9-16:16x32x64:1x1x4:s2:k1:c3:rs \
  sw=9-16:16x32x64:1x1x4:s16:k1:c3:sw
entry_variants i8-8192 w8a16-int8-channel 8192x8192 w8c2s1=9-16:16x32x64:1x1x8:s1:k1:c2:rs n64=9-16:16x64x64:1x2x8:s2:k1:rs \
  sw=9-16:16x64x64:1x2x4:s16:k1:sw
entry_variants ch-28672x4096 $ch 28672x4096 sw=9-16:16x128x64:1x4x1:s16:k1:c2:sw
date +%T
bash scripts/bundle-out.sh
