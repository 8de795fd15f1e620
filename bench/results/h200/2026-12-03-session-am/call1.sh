#!/bin/bash
# Session am, call 1 (carry ["dist"]; runtime 5a32680).
# 1. Validation of 5a32680 (review mend: Emitter::toF32, LaneQueue::
#    forEachLaneRow; loop PTX identical, only the prologue's zero stores of
#    absent rows changed form): humming-run's reference check of session
#    al's lane-queue tables (call1-layers.txt = al's call4-layers.txt: 2-,
#    4-, 8-bit, g64 / g128 zero points, bias, bf16, K splits, N / K tails,
#    2-4 rounds, 8 and 16 rows, rounds that do not fill a ring), memcheck
#    on two of them, and the shapes tier.
# 2. Where the 8-row queue's time goes at 8192^2 M = 1 (never profiled
#    since it became the planner's, section 83): Nsight Compute with
#    per-SASS stall samples, W4A16 channel and W8A16.
# 3. Deeper rings for the 8-row 64-column queue at 8192^2 channel, M = 1 /
#    4 / 8: 5 and 6 rounds (80 / 96 KB of codes in flight per SM; section
#    83 measured 2-4). Prediction: within +-0.2 of 3 rounds (section 83:
#    4 rounds 0.0-0.2 faster), since more bytes in flight moved nothing
#    before; if the reader's 64 -> 128 KB gain (section 35: 11.74 -> 11.31)
#    applied, 0.3-0.4 faster.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
d=bench/results/h200/2026-12-03-session-am
date +%T
timeout 100 bash scripts/check-layers.sh < $d/call1-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
sed -n '1p;7p' $d/call1-layers.txt | timeout 60 bash scripts/memcheck-layers.sh > "$OUT/memcheck.txt" 2>&1
tail -1 "$OUT/memcheck.txt"
date +%T
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=100 HUMMING_VALIDATE_ONLY=1 timeout 110 bash scripts/device-validate.sh shapes > $OUT/val.log 2>&1
echo "validate rc $?"; tail -3 $OUT/val.log
date +%T
HUMMING_PROFILE_SOURCE=1 timeout 60 bash bench/profile.sh "n=8192 k=8192 weight=int4 scale=channel target=h200" 1
HUMMING_PROFILE_SOURCE=1 timeout 60 bash bench/profile.sh "n=8192 k=8192 weight=int8 scale=channel target=h200" 1
date +%T
VARIANT_MS=1,4,8 VARIANT_REPS=15 VARIANT_TIMEOUT=120 entry_variants rounds w4a16-int4-channel 8192x8192 \
  "s5=1-8:8x64x64:1x2x8:s5:k1:rq" "s6=1-8:8x64x64:1x2x8:s6:k1:rq"
date +%T
bash scripts/bundle-out.sh
