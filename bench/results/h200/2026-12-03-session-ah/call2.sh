#!/bin/bash
# Session ah, call 2 (3bed945's runtime, the planner with 16-row register-
# stream blocks at 9..16 rows; carry ["dist", "peers"]): the final run.
# 1. humming-run's reference check on call2-layers.txt (the planner's
#    tables: the new 9..16 kernels at 4096 x 2048 / 4096 / 11008 and 4000 x
#    4096, channel and g128, bias, bf16, zero points, float4e2m1; and
#    8192^2's 1-ahead 2-CTA kernel of section 78 at 1 and 8 rows);
#    compute-sanitizer memcheck on three of them (the 1-ahead form for the
#    first time).
# 2. The harness over every case, shape and M with Marlin in the same run.
# 3. The shapes tier of the validation.
# 4. W8A16 8192^2 at 9..16 rows: the staged 16-row swapped tile again
#    (call 1: 21.4-21.6 us against the planner's 21.5-21.8, within noise).
# Prediction: 4096^2 M = 16 channel 7.2-7.4 (was 7.7), g128 7.1-7.3 (7.9),
# 4096 x 11008 g128 M = 16 13.9-14.4 (14.8); 8192^2 M = 1..8 channel
# 12.6-12.8 and g128 13.6-13.8 (section 78); everything else within 0.3
# us of 3b724bf's run.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
d=bench/results/h200/2026-12-03-session-ah
date +%T
[ -f peers/build.sh ] && { bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?" > $OUT/peers-rc.txt; } &
timeout 120 bash scripts/check-layers.sh < $d/call2-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
sed -n '1p;3p;7p' $d/call2-layers.txt | timeout 120 bash scripts/memcheck-layers.sh > "$OUT/memcheck.txt" 2>&1
tail -1 "$OUT/memcheck.txt"
wait; cat $OUT/peers-rc.txt
date +%T
OUT=$OUT/full timeout 250 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; grep -E "^\| (humming-mlir|marlin|impl|torch-int4|cublas-fp16) |^## " $OUT/full.log | head -60
date +%T
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=100 HUMMING_VALIDATE_ONLY=1 timeout 130 bash scripts/device-validate.sh \
  shapes > "$OUT/val.log" 2>&1
tail -3 "$OUT/val.log"
date +%T
export VARIANT_MS=9,12,16 VARIANT_REPS=15 VARIANT_TIMEOUT=50
entry_variants i8-8192 w8a16-int8-channel 8192x8192 sw=9-16:16x64x64:1x2x4:s16:k1:sw
bash scripts/bundle-out.sh
