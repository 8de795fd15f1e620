#!/bin/bash
# Session aj, call 4 (carry ["dist"]): the last of the session's device
# time on the 8192^2 cells still over their targets, as variants beside
# 1f6b70f's planner in one process (call 3 was the final run):
# - g128 9..16 rows (15.3, target 14): the 8-warp 16-row 2-CTA queue that
#   channel takes (section 81), 3 and 2 rounds, vs the staged 4-split tile;
# - int8 9..16 (21.8, target 21): the same queue vs the staged 64-column
#   tile; int8 and g128 1..8: 4 rounds on the 64-column queue vs 3;
# - g64 at 4096 x 11008 9..16: the planner's queue (section 83, g64 not
#   measured there) vs the staged 8-split tile it replaced.
# 1. humming-run's reference check of the variant tables (call4-layers.txt:
#    uint4 g128 zero points bf16, int8 + bias, g64 with an N tail) and
#    memcheck on one.
# Prediction: g128 9..16 on the queue 14.3-14.8 (channel gained 0.1-0.5
# there, and g128's staged tile pays its per-run scaling); int8 9..16
# within 0.3 of the staged tile; 4 rounds within 0.2 of 3; g64 queue at
# 4096 x 11008 1-2 us faster than the staged tile (as g128).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
d=bench/results/h200/2026-12-03-session-aj
date +%T
timeout 90 bash scripts/check-layers.sh < $d/call4-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
sed -n '1p' $d/call4-layers.txt | timeout 60 bash scripts/memcheck-layers.sh > "$OUT/memcheck.txt" 2>&1
tail -1 "$OUT/memcheck.txt"
date +%T
export VARIANT_MS=9,16 VARIANT_REPS=15 VARIANT_TIMEOUT=60
g=w4a16-int4-g128
entry_variants g16-8192 $g 8192x8192 q8w3=9-16:16x32x64:1x1x8:s3:k1:c2:rq q8w2=9-16:16x32x64:1x1x8:s2:k1:c2:rq
entry_variants i8-16-8192 w8a16-int8-channel 8192x8192 q8w3=9-16:16x32x64:1x1x8:s3:k1:c2:rq
entry_variants g64-16-4096x11008 w4a16-int4-g64 4096x11008 old=9-16:16x256x64:1x8x1:s8:k8
export VARIANT_MS=1,4,8
entry_variants i8-8192 w8a16-int8-channel 8192x8192 w64rq4=1-8:8x64x64:1x2x8:s4:k1:rq
entry_variants g-8192 $g 8192x8192 w64rq4=1-8:8x64x64:1x2x8:s4:k1:rq
date +%T
bash scripts/bundle-out.sh
