#!/bin/bash
# Session ak, call 4 (carry ["dist", "peers"]): the final run of this
# session's code (8eba88c): the lane-queue loop's paired MMAs and branchless
# reads (call 2), the register form as in 58f0afc (call 3), the planner's
# 9..16-row queues for int8 at 8192^2 (call 2) and for groups of 64+ at N
# about 4096 and g128 at 8192^2 (call 3).
# 1. humming-run's reference check of the new planner tables
#    (call4-layers.txt: uint4 g128 zero points bf16 at 4096^2, g64 + bias
#    with N / K tails, g128 zero points bf16 + bias at 8192^2, g128 with
#    an N tail on the 2-CTA queue, g256) and memcheck on two.
# 2. The harness over every case, shape and M with Marlin in the same run.
# 3. The shapes tier of the validation.
# Prediction: against call 2's run, g128 4096^2 M = 1..8 back to 5.8-5.9
# and M = 16 6.8-6.9 (call 2: 6.2 / 7.6); g128 8192^2 M = 16 14.4-14.7
# (15.3); every other cell within 0.3 of call 2's.
set -u
source scripts/runtime-env.sh
d=bench/results/h200/2026-12-03-session-ak
date +%T
[ -f peers/build.sh ] && { bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?" > $OUT/peers-rc.txt; } &
timeout 120 bash scripts/check-layers.sh < $d/call4-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
sed -n '2p;4p' $d/call4-layers.txt | timeout 90 bash scripts/memcheck-layers.sh > "$OUT/memcheck.txt" 2>&1
tail -1 "$OUT/memcheck.txt"
wait; cat $OUT/peers-rc.txt
date +%T
OUT=$OUT/full timeout 260 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; grep -E "^\| (humming-mlir|marlin|impl) |^## " $OUT/full.log | grep -v graph | head -60
date +%T
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=100 HUMMING_VALIDATE_ONLY=1 timeout 130 bash scripts/device-validate.sh \
  shapes > "$OUT/val.log" 2>&1
tail -3 "$OUT/val.log"
date +%T
bash scripts/bundle-out.sh
