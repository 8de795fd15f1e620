#!/bin/bash
# Session an, call 2 (carry ["dist", "peers"]; dist = 08abfa2: aa93ed3's
# cluster tiles without the persistent loop, and the planner's 33..64 rows
# as cluster pairs where exactly 2 K splits fill the SMs).
# 1. Correctness of the new 33..64 entries: call2-layers.txt (4- and 8-bit
#    channel, g128 integer zero points bf16, bias, K tail 4104, N 7168 /
#    7936, uint8 zero points; one 65..256 cluster layer with bias bf16);
#    memcheck on two of them.
# 2. Variants beside the planner (8192^2): 17..32 rows as cluster pairs
#    (kc2) instead of workspace splits, at M = 24 / 32. Prediction: 0.2-0.6
#    us faster (call 1's 33..64 gain was 0.5-1.0 at 64 rows; 32 rows have
#    half the sums to reduce, so a smaller end to save). g64 at 33..64 as
#    pairs (its generic 12-stage shape keeps k2), M = 48 / 64: 0.4-1.0
#    faster.
# 3. The harness over everything with Marlin: the final run.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
d=bench/results/h200/2026-12-03-session-an
date +%T
( bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?" > $OUT/peers-rc.txt ) &
timeout 100 bash scripts/check-layers.sh < $d/call2-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
sed -n '1p;4p' $d/call2-layers.txt | timeout 60 bash scripts/memcheck-layers.sh > "$OUT/memcheck.txt" 2>&1
tail -1 "$OUT/memcheck.txt"
date +%T
VARIANT_MS=24,32 VARIANT_TIMEOUT=50
entry_variants kc2-17-channel w4a16-int4-channel 8192x8192 "kc2=17-32:32x128x64:1x2x1:s16:kc2:wg"
entry_variants kc2-17-g128 w4a16-int4-g128 8192x8192 "kc2=17-32:32x128x64:1x2x1:s16:kc2:wg"
entry_variants kc2-17-w8 w8a16-int8-channel 8192x8192 "kc2=17-32:32x128x64:1x2x1:s16:kc2:wg"
VARIANT_MS=48,64
entry_variants kc2-g64 w4a16-int4-g64 8192x8192 "kc2=33-64:64x128x64:1x2x1:s12:kc2:wg"
date +%T
wait; cat $OUT/peers-rc.txt
OUT=$OUT/full timeout 280 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; tail -3 $OUT/full.log
date +%T
bash scripts/bundle-out.sh
