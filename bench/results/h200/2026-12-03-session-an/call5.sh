#!/bin/bash
# Session an, call 5 (carry ["dist", "peers"]; dist = 647845b... the main
# tip: k_blocks_per_iteration (`:i<n>`), the planner's 8-bit 33..64 cluster
# pair at 12 stages of 4).
# 1. Correctness: call5-layers.txt (the 8-bit pair tables: 8192^2, K tail
#    4104 with bf16 and bias, N 7168 uint8 zero points; hand tables with
#    `:i4`: g128 group sums on the 12-stage pair, and 8-stage wgmma tiles
#    of 4 an iteration with workspace splits at 4096^2); memcheck on two;
#    the shapes tier.
# 2. The harness over everything with Marlin: the final run. Prediction:
#    W8A16 8192^2 M = 64 24.0-24.3 (call 4's variant), every other cell
#    within +-0.3 of call 2's run (their kernels are the same).
set -u
source scripts/runtime-env.sh
d=bench/results/h200/2026-12-03-session-an
date +%T
( bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?" > $OUT/peers-rc.txt ) &
timeout 80 bash scripts/check-layers.sh < $d/call5-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
sed -n '2p;4p' $d/call5-layers.txt | timeout 50 bash scripts/memcheck-layers.sh > "$OUT/memcheck.txt" 2>&1
tail -1 "$OUT/memcheck.txt"
date +%T
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=70 HUMMING_VALIDATE_ONLY=1 timeout 85 bash scripts/device-validate.sh shapes > $OUT/val.log 2>&1
echo "validate rc $?"; tail -1 $OUT/val.log
date +%T
wait; cat $OUT/peers-rc.txt
OUT=$OUT/full timeout 120 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; tail -3 $OUT/full.log
date +%T
bash scripts/bundle-out.sh
