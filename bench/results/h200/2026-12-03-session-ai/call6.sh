#!/bin/bash
# Session ai, call 6 (6a38b5e's runtime; carry ["dist"]): the lane queue
# where the planner does not take it yet (measurements only, no planner
# change in this session): group scales at N about 4096 (1..8 rows: 4
# k-blocks ahead in registers today; 9..16: 4 ahead at 4096^2, 2 at 4096 x
# 11008) and 8-bit channel codes at 4096^2 (staged one-CTA blocks today).
# 1. humming-run's reference check on call6-layers.txt (g128 + bias, g64
#    integer zero points bf16 at 4000 x 11008, int8, with rq entries).
# 2. Speed against the planner's entries.
# Prediction: g128 4096^2 1..8 within 0.2 of 5.8-5.9 (the register form
# already keeps 4 rounds), 9..16 0.3-0.6 faster than 7.1; 4096 x 11008
# g128 1..8 0.3-1.0 faster (channel gained 1.0 there); int8 4096^2 within
# 0.3 of 7.7.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
d=bench/results/h200/2026-12-03-session-ai
date +%T
timeout 60 bash scripts/check-layers.sh < $d/call6-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
export VARIANT_MS=1,8 VARIANT_REPS=15 VARIANT_TIMEOUT=40
g=w4a16-int4-g128
entry_variants g-4096 $g 4096x4096 rq3=1-8:8x32x64:1x1x16:s3:k1:rq rq4=1-8:8x32x64:1x1x16:s4:k1:rq
entry_variants g-4096x11008 $g 4096x11008 rq3=1-8:8x32x64:1x1x16:s3:k1:rq
entry_variants i8-4096 w8a16-int8-channel 4096x4096 rq3=1-8:8x32x64:1x1x16:s3:k1:rq
export VARIANT_MS=9,16
entry_variants g16-4096 $g 4096x4096 rq3=9-16:16x32x64:1x1x16:s3:k1:rq
entry_variants g16-4096x11008 $g 4096x11008 rq3=9-16:16x32x64:1x1x16:s3:k1:rq
date +%T
bash scripts/bundle-out.sh
