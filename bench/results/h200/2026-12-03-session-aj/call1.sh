#!/bin/bash
# Session aj, call 1 (carry ["dist"]): the lane queue where section 82 left
# it unmeasured, and the group-scale queue kernels re-checked after
# 2554552 changed their group-value address arithmetic.
# 1. humming-run's reference check on session ai's call3-layers.txt (the
#    hand tables through lane queues: 2-, 4-, 8-bit codes, g32-g128,
#    integer zero points, bias, bf16, 2 K splits, 64-column blocks, tails,
#    1-2 CTAs per SM); memcheck on three of them.
# 2. Variants beside the planner's kernel, in one process:
#    - 4-bit channel 4096^2 1..8: 4 rounds (every round of a warp) vs 3;
#    - 4-bit channel 4096 x 11008 9..16: 16-warp queue vs the staged 4-split;
#    - g128 4096^2 1..8 and 9..16, 4096 x 11008 1..8 and 9..16: queues of
#      3-4 rounds vs the register form / the staged 8-split;
#    - int8 channel 4096^2 1..8: 16-warp queues vs the staged 4-warp tile;
#    - 4-bit channel and g128 at 8192^2 1..8: 64-column 16-warp blocks at
#      one CTA per SM (128 CTAs) through queues vs the 2-CTA register loop.
# Prediction: 4096^2 queues 0.2-0.4 us faster than the register form for
# g128 (as channel in section 82), 0.5-1.0 at 4096 x 11008 (11 rounds a
# warp); 4 rounds vs 3 at 4096^2 within 0.1; int8 at one CTA per SM within
# 0.3 of the staged tile; 8192^2 one-CTA blocks 0.3-1.0 slower (3 % of
# the SMs idle and more bytes in flight, section 81).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
d=bench/results/h200/2026-12-03-session-ai
date +%T
timeout 150 bash scripts/check-layers.sh < $d/call3-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
sed -n '2p;5p;6p' $d/call3-layers.txt | timeout 120 bash scripts/memcheck-layers.sh > "$OUT/memcheck.txt" 2>&1
tail -1 "$OUT/memcheck.txt"
date +%T
export VARIANT_MS=1,4,8 VARIANT_REPS=15 VARIANT_TIMEOUT=70
ch=w4a16-int4-channel g=w4a16-int4-g128
entry_variants ch-4096 $ch 4096x4096 rq4=1-8:8x32x64:1x1x16:s4:k1:rq
entry_variants g-4096 $g 4096x4096 rq3=1-8:8x32x64:1x1x16:s3:k1:rq rq4=1-8:8x32x64:1x1x16:s4:k1:rq
entry_variants g-4096x11008 $g 4096x11008 rs2=1-8:8x32x64:1x1x16:s2:k1:rs rq3=1-8:8x32x64:1x1x16:s3:k1:rq
entry_variants i8-4096 w8a16-int8-channel 4096x4096 rq2=1-8:8x32x64:1x1x16:s2:k1:rq rq3=1-8:8x32x64:1x1x16:s3:k1:rq
entry_variants ch-8192 $ch 8192x8192 w64rq2=1-8:8x64x64:1x2x8:s2:k1:rq w64rq3=1-8:8x64x64:1x2x8:s3:k1:rq
entry_variants g-8192 $g 8192x8192 w64rq3=1-8:8x64x64:1x2x8:s3:k1:rq
date +%T
export VARIANT_MS=9,16
entry_variants ch16-4096x11008 $ch 4096x11008 rq3=9-16:16x32x64:1x1x16:s3:k1:rq
entry_variants g16-4096 $g 4096x4096 rq3=9-16:16x32x64:1x1x16:s3:k1:rq
entry_variants g16-4096x11008 $g 4096x11008 rq3=9-16:16x32x64:1x1x16:s3:k1:rq
date +%T
bash scripts/bundle-out.sh
