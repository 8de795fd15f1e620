#!/bin/bash
# Session ai, call 5 (the planner with lane-queue blocks; carry ["dist",
# "peers"]): the final run. Planner change (from calls 3's measurements):
# 4-bit channel layers at N about 4096 take the one-CTA 16-warp blocks
# through lane queues of 3 rounds at 1..8 rows (any K) and 9..16 rows (a
# block of at most 64 k-blocks), and at N = K = 8192 9..16 rows 8-warp
# blocks through queues of 3 rounds at 2 CTAs per SM.
# 1. humming-run's reference check on call5-layers.txt (the planner's
#    tables: the new kernels at 4096^2 with bias, 4000 x 4224 zero points,
#    4096 x 11008 bf16, 8192^2 at 9..16 with and without bias and bf16,
#    float4e2m1 at K = 2048); memcheck on two of them.
# 2. The replaced entries as variants beside the planner's new ones, in
#    one process (the old: 1..8 2 rounds in registers; 9..16 1 round in
#    registers at 4096^2, the staged 16 x 128 tile at 8192^2).
# 3. The harness over every case, shape and M with Marlin in the same run.
# 4. The shapes tier of the validation.
# Prediction: 4096^2 channel M = 1..8 5.6-5.8 us (was 5.9-6.0), M = 16
# 6.4-6.7 (7.3-7.5); 4096 x 11008 channel M = 1..8 within 0.3 of 10.5;
# 8192^2 channel M = 16 14.0-14.3 (14.6-14.7); every other cell within 0.3
# us of f35f34e's run.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
d=bench/results/h200/2026-12-03-session-ai
date +%T
[ -f peers/build.sh ] && { bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?" > $OUT/peers-rc.txt; } &
timeout 120 bash scripts/check-layers.sh < $d/call5-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
sed -n '2p;4p' $d/call5-layers.txt | timeout 100 bash scripts/memcheck-layers.sh > "$OUT/memcheck.txt" 2>&1
tail -1 "$OUT/memcheck.txt"
date +%T
export VARIANT_MS=1,4,8 VARIANT_REPS=15 VARIANT_TIMEOUT=60
ch=w4a16-int4-channel
entry_variants ch-4096 $ch 4096x4096 rs2=1-8:8x32x64:1x1x16:s2:k1:rs
entry_variants ch-4096x11008 $ch 4096x11008 rs2=1-8:8x32x64:1x1x16:s2:k1:rs
export VARIANT_MS=9,16
entry_variants ch16-4096 $ch 4096x4096 rs1=9-16:16x32x64:1x1x16:s1:k1:rs
entry_variants ch16-8192 $ch 8192x8192 staged=9-16:16x128x64:1x4x1:s8:k4:c2
wait; cat $OUT/peers-rc.txt
date +%T
OUT=$OUT/full timeout 250 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; grep -E "^\| (humming-mlir|marlin|impl) |^## " $OUT/full.log | head -60
date +%T
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=100 HUMMING_VALIDATE_ONLY=1 timeout 130 bash scripts/device-validate.sh \
  shapes > "$OUT/val.log" 2>&1
tail -3 "$OUT/val.log"
date +%T
bash scripts/bundle-out.sh
