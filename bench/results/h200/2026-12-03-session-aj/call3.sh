#!/bin/bash
# Session aj, call 3 (carry ["dist", "peers"]): the final run of the
# planner with section 83's queues (this commit; call 2 measured it except
# that wide 64-column queues now take 8-bit codes and g64, and the long
# group queue g64).
# 1. humming-run's reference check on call3-layers.txt (int8 bf16 + bias
#    and g64 on the 8192^2 wide queue; 4096 x 11008 uint4 g64 zero points
#    + bias at 1..16; 8000 x 8192 uint4 g128 zero points bf16, N tail on
#    the wide queue); memcheck on one.
# 2. The harness over every case, shape and M with Marlin in the same run.
# 3. The shapes tier of the validation.
# Prediction: 8192^2 M = 1..8 channel 12.2-12.6, g128 12.8-13.0, W8A16
# 20.4-20.7; 4096 x 11008 g128 M = 1..8 ~10.1 (was 11.8-12.4), M = 16
# ~12.5 (14.2); channel 4096 x 11008 M = 16 ~11.0 (12.0); every other cell
# within 0.3 us of 6a38b5e's run.
set -u
source scripts/runtime-env.sh
d=bench/results/h200/2026-12-03-session-aj
date +%T
[ -f peers/build.sh ] && { bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?" > $OUT/peers-rc.txt; } &
timeout 100 bash scripts/check-layers.sh < $d/call3-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
sed -n '4p' $d/call3-layers.txt | timeout 60 bash scripts/memcheck-layers.sh > "$OUT/memcheck.txt" 2>&1
tail -1 "$OUT/memcheck.txt"
wait; cat $OUT/peers-rc.txt
date +%T
OUT=$OUT/full timeout 260 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; grep -E "^\| (humming-mlir|marlin|impl) |^## " $OUT/full.log | head -60
date +%T
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=100 HUMMING_VALIDATE_ONLY=1 timeout 130 bash scripts/device-validate.sh \
  shapes > "$OUT/val.log" 2>&1
tail -3 "$OUT/val.log"
date +%T
bash scripts/bundle-out.sh
