#!/bin/bash
# Session ak, call 5 (carry ["dist"]): the lane queue's group scales on
# each round's fp32 sums (3d12cbf; ptxas: g128 loop 184 -> 172
# instructions a round at 16 rows, 164 -> 145 at 8), against the same
# kernels with the scales on every decoded pair (`:bf`, the code before).
# 1. humming-run's reference check of group-scale queue tables
#    (call5-layers.txt: g64 zero points + bias with 2 K splits, fp4 g32
#    (still the pairs), g128 bf16 on the 2-CTA register and queue forms,
#    g64 zero points + bias at 4096 x 11008, g128 zero points bf16 with an
#    N tail, the planner's g128 / g256 tables) and memcheck on one.
# 2. Variants, planner (sums) against `:bf` (pairs) in one process: g128
#    8192^2 (1..8 64-column queue, 9..16 2-CTA queue) and 4096 x 11008
#    (one-CTA queue at 1..16).
# 3. The shapes tier of the validation.
# Prediction: 9..16 rows 0.2-0.5 us faster with sums (8192^2 M = 16
# 14.7 -> 14.2-14.5; 4096 x 11008 11.7 -> 11.3-11.5); 1..8 rows within 0.1
# (they wait for memory, section 84).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
d=bench/results/h200/2026-12-03-session-ak
date +%T
timeout 100 bash scripts/check-layers.sh < $d/call5-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
sed -n '1p' $d/call5-layers.txt | timeout 40 bash scripts/memcheck-layers.sh > "$OUT/memcheck.txt" 2>&1
tail -1 "$OUT/memcheck.txt"
date +%T
export VARIANT_MS=1,8,16 VARIANT_REPS=12 VARIANT_TIMEOUT=60
entry_variants g128-8192 w4a16-int4-g128 8192x8192 "bf=1-8:8x64x64:1x2x8:s3:k1:rq:bf 9-16:16x32x64:1x1x8:s3:k1:c2:rq:bf"
entry_variants g128-4096x11008 w4a16-int4-g128 4096x11008 "bf=1-8:8x32x64:1x1x16:s3:k1:rq:bf 9-16:16x32x64:1x1x16:s3:k1:rq:bf"
date +%T
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=100 HUMMING_VALIDATE_ONLY=1 timeout 110 bash scripts/device-validate.sh \
  shapes > "$OUT/val.log" 2>&1
tail -3 "$OUT/val.log"
date +%T
bash scripts/bundle-out.sh
