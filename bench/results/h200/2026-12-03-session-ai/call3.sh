#!/bin/bash
# Session ai, call 3 (the lane queue with swizzled coalesced copies; carry
# ["dist"]). Call 2's profile of the 3-round queue at 8192^2 M = 1 (27.3 us
# under ncu, DRAM 27 % of peak): every code copy instruction made 32 L2
# sector requests for its 16 sectors and 32 shared-memory wavefronts for 4
# (its writes went to the readers' places, 8-way conflicts); call 1's
# copies of each lane's own bytes had half-sector requests and ran as slow.
# Now a copy instruction reads 512 contiguous bytes and writes one unit per
# bank group in each phase of 8 lanes (the staged kernels' pattern), and
# the readers' loads are conflict-free through an XOR swizzle.
# 1. humming-run's reference check on call3-layers.txt (call 1's list, the
#    6-bit layer now an int8 bias layer at 1000 x 2000: 6-bit codes are
#    refused); memcheck on three of them.
# 2. Speed against the planner's entry; ncu of the 3-round queue again.
# Prediction: if the copies' requests were the cause, 8192^2 channel M =
# 1..8 12.0-13.0 us against 12.6-12.8 (call 1's 11.9-12.4 if the rounds in
# flight help as at 4096^2); 9..16 rows at 8192^2 13.5-14.5 against 14.5-15.3.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
d=bench/results/h200/2026-12-03-session-ai
date +%T
timeout 150 bash scripts/check-layers.sh < $d/call3-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
sed -n '2p;5p;7p' $d/call3-layers.txt | timeout 120 bash scripts/memcheck-layers.sh > "$OUT/memcheck.txt" 2>&1
tail -1 "$OUT/memcheck.txt"
date +%T
export VARIANT_MS=1,4,8 VARIANT_REPS=15 VARIANT_TIMEOUT=100
ch=w4a16-int4-channel g=w4a16-int4-g128
entry_variants ch-8192 $ch 8192x8192 rq2=1-8:8x32x64:1x1x16:s2:k1:c2:rq rq3=1-8:8x32x64:1x1x16:s3:k1:c2:rq
entry_variants g-8192 $g 8192x8192 rq2=1-8:8x32x64:1x1x16:s2:k1:c2:rq
entry_variants i8-8192 w8a16-int8-channel 8192x8192 rq2=1-8:8x32x64:1x1x16:s2:k1:c2:rq
entry_variants ch-4096 $ch 4096x4096 rq3=1-8:8x32x64:1x1x16:s3:k1:rq
date +%T
export VARIANT_MS=9,16
entry_variants ch16-8192 $ch 8192x8192 rq8w3=9-16:16x32x64:1x1x8:s3:k1:c2:rq
entry_variants ch16-4096 $ch 4096x4096 rq16w3=9-16:16x32x64:1x1x16:s3:k1:rq
date +%T
spec="n=8192 k=8192 weight=int4 scale=channel target=h200 dispatch=$(bash bench/plan-table.sh "n=8192 k=8192 weight=int4 scale=channel target=h200" 1-8:8x32x64:1x1x16:s3:k1:c2:rq)"
HUMMING_PROFILE_SOURCE=1 timeout 120 bash bench/profile.sh "$spec" 1 > "$OUT/profile-rq.txt" 2>&1
tail -20 "$OUT/profile-rq.txt"
date +%T
bash scripts/bundle-out.sh
