#!/bin/bash
# Session ai, call 2 (4445e6f's runtime: the lane queue with coalesced
# copies; carry ["dist"]). Call 1's lane queue was correct but 2.1-3.8x
# slower than the register loop, in proportion to the bytes each lane
# copied (M = 1 -> 8 added the activation rows' bytes and the time). Its
# copies were each lane's own 32 contiguous bytes, two 16-byte halves of
# every sector in two L1-bypassing cp.async instructions; now each
# instruction is 512 contiguous bytes (the staged kernels' pattern).
# 1. humming-run's reference check on call1-layers.txt again (the copy
#    pattern changed); memcheck on three of them.
# 2. Speed against the planner's entry.
# 3. ncu with per-SASS stall samples of the 3-round queue at 8192^2 M = 1.
# Prediction: if the half-sector copies were the cause, 8192^2 channel M =
# 1..8 within 12.0-13.0 us (call 1's prediction 11.9-12.4 against 12.6-12.8
# stands); if not, still 2x slow and the profile says where it waits.
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
entry_variants ch-4096 $ch 4096x4096 rq3=1-8:8x32x64:1x1x16:s3:k1:rq
date +%T
export VARIANT_MS=9,16
entry_variants ch16-8192 $ch 8192x8192 rq8w3=9-16:16x32x64:1x1x8:s3:k1:c2:rq
date +%T
spec="n=8192 k=8192 weight=int4 scale=channel target=h200 dispatch=$(bash bench/plan-table.sh "n=8192 k=8192 weight=int4 scale=channel target=h200" 1-8:8x32x64:1x1x16:s3:k1:c2:rq)"
HUMMING_PROFILE_SOURCE=1 timeout 120 bash bench/profile.sh "$spec" 1 > "$OUT/profile-rq.txt" 2>&1
tail -20 "$OUT/profile-rq.txt"
date +%T
bash scripts/bundle-out.sh
