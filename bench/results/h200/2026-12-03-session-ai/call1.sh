#!/bin/bash
# Session ai, call 1 (the lane queue, `:rq`; carry ["dist"]). The
# register-stream loop's 2-CTA form at 8192^2 keeps 1 round ahead (2 spill
# at 64 registers), and its SASS issues the next round's loads only after
# the round's MMAs: each round waits a whole load latency plus its compute.
# At 4096^2 (1 CTA, 92 registers) 2 ahead gained 0.4 us over 1 (section 77).
# The lane queue keeps `stages` rounds in flight in shared memory (each
# lane's own cp.async slots) at one round of registers.
# 1. humming-run's reference check on call1-layers.txt (rq entries at 1..8
#    and 9..16: int4 / uint4 g64 zero points + bias with 2 K splits / int8
#    bf16 K = 4104 / int2 / float4e2m1 g32 with 64-column blocks / uint4
#    g128 bf16 / uint6 at 1000 x 2000); memcheck on three of them.
# 2. Speed against the planner's entry.
# Prediction: if each round's exposed latency is what the 2-CTA loop pays
# (about 0.1 us a round, section 77's 4096^2 1-vs-2-ahead step), 8192^2
# channel M = 1..8 11.9-12.4 us against 12.6-12.8 with 2-3 rounds queued;
# g128 13.0-13.4 against 13.6; W8A16 within 0.3 of the planner (its stream
# binds); 4096^2 within 0.2 (it already has 2 ahead); 9..16 rows at 8192^2
# (the planner's staged 16 x 128 tile, 14.7) 13.5-14.3 with 8 warps x 3
# rounds at 2 CTAs per SM (113 registers, no spill), where the register
# form spilled.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
d=bench/results/h200/2026-12-03-session-ai
date +%T
timeout 150 bash scripts/check-layers.sh < $d/call1-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
sed -n '2p;5p;7p' $d/call1-layers.txt | timeout 120 bash scripts/memcheck-layers.sh > "$OUT/memcheck.txt" 2>&1
tail -1 "$OUT/memcheck.txt"
date +%T
export VARIANT_MS=1,4,8 VARIANT_REPS=15 VARIANT_TIMEOUT=100
ch=w4a16-int4-channel g=w4a16-int4-g128
entry_variants ch-8192 $ch 8192x8192 rq2=1-8:8x32x64:1x1x16:s2:k1:c2:rq rq3=1-8:8x32x64:1x1x16:s3:k1:c2:rq
entry_variants g-8192 $g 8192x8192 rq2=1-8:8x32x64:1x1x16:s2:k1:c2:rq
entry_variants i8-8192 w8a16-int8-channel 8192x8192 rq2=1-8:8x32x64:1x1x16:s2:k1:c2:rq
entry_variants ch-4096 $ch 4096x4096 rq3=1-8:8x32x64:1x1x16:s3:k1:rq rq4=1-8:8x32x64:1x1x16:s4:k1:rq
entry_variants g-4096 $g 4096x4096 rq4=1-8:8x32x64:1x1x16:s4:k1:rq
date +%T
export VARIANT_MS=9,16
entry_variants ch16-8192 $ch 8192x8192 rq8w3=9-16:16x32x64:1x1x8:s3:k1:c2:rq \
  rq16w2=9-16:16x32x64:1x1x16:s2:k1:c2:rq
entry_variants g16-8192 $g 8192x8192 rq8w3=9-16:16x32x64:1x1x8:s3:k1:c2:rq
entry_variants ch16-4096 $ch 4096x4096 rq16w3=9-16:16x32x64:1x1x16:s3:k1:rq
date +%T
bash scripts/bundle-out.sh
