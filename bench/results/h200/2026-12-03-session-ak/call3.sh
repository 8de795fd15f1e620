#!/bin/bash
# Session ak, call 3 (carry ["dist"]): where the faster lane-queue loop
# (call 2: 8192^2 channel M = 16 14.2 -> 13.0, 4096 x 11008 g128 M = 16
# 12.7 -> 11.7) may now beat what the planner takes. The register form is
# back to 58f0afc's SASS (the paired order cost it 0.4 us at g128 4096^2).
# 1. humming-run's reference check of the variant tables (call3-layers.txt:
#    uint4 g128 zero points bf16 at 4096^2 and g64 + bias with N / K
#    tails on the queue at 1..16; g128 zero points 9..16 on the 2-CTA
#    16-row queue at 8192^2; channel + bias 9..16 on the one-CTA 64-column
#    queue) and memcheck on one.
# 2. Variants beside the planner, one process per group:
#    - g128 / g64 at 4096^2, 1..16 rows: lane queues of 3 and 4 rounds
#      against 4 rounds in registers (section 83, old loop: 0.1-0.3 slower);
#    - g128 8192^2 9..16: the 2-CTA 16-row queue against the staged 4-split
#      tile (old loop: 0.7 slower);
#    - channel 8192^2 9..16: the one-CTA 64-column queue (old loop: 1.1
#      slower) against the 2-CTA queue.
#    (The first group's planner row: the register form's cells back at
#    1f6b70f's, 5.8 / 7.2?)
# Prediction: queues at g128 / g64 4096^2 within +-0.2 of the register
# form (the new loop gained 0.3 at channel 4096 x 11008, 1.0 at g128
# there, at 9..16 only); g128 8192^2 9..16 queue 14.6-15.2 against
# 15.1-15.3; the 64-column queue still 0.5+ slower; planner g128 4096^2
# 5.8-5.9 at 1..8, 7.1-7.3 at 16.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
d=bench/results/h200/2026-12-03-session-ak
date +%T
timeout 120 bash scripts/check-layers.sh < $d/call3-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
sed -n '2p' $d/call3-layers.txt | timeout 60 bash scripts/memcheck-layers.sh > "$OUT/memcheck.txt" 2>&1
tail -1 "$OUT/memcheck.txt"
date +%T
export VARIANT_MS=1,8,9,16 VARIANT_REPS=15 VARIANT_TIMEOUT=80
entry_variants g128-4096 w4a16-int4-g128 4096x4096 "q3=1-8:8x32x64:1x1x16:s3:k1:rq 9-16:16x32x64:1x1x16:s3:k1:rq" "q4=1-8:8x32x64:1x1x16:s4:k1:rq 9-16:16x32x64:1x1x16:s4:k1:rq"
entry_variants g64-4096 w4a16-int4-g64 4096x4096 "q3=1-8:8x32x64:1x1x16:s3:k1:rq 9-16:16x32x64:1x1x16:s3:k1:rq" "q4=1-8:8x32x64:1x1x16:s4:k1:rq 9-16:16x32x64:1x1x16:s4:k1:rq"
export VARIANT_MS=9,16
entry_variants g128-16-8192 w4a16-int4-g128 8192x8192 q=9-16:16x32x64:1x1x8:s3:k1:c2:rq q2=9-16:16x32x64:1x1x8:s2:k1:c2:rq
entry_variants ch16-8192 w4a16-int4-channel 8192x8192 w64=9-16:16x64x64:1x2x8:s3:k1:rq
date +%T
bash scripts/bundle-out.sh
