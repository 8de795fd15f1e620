#!/bin/bash
# Session ak, call 2 (carry ["dist", "peers"]): the register-stream loop's
# MMAs regrouped (two k16 steps a pair of MMAs, so b0 / b1 are adjacent
# words of one activation load: ptxas loop 145 -> 128 instructions at 8
# rows, 181 -> 147 at 16) and the lane queue's absent rows zero-filled once
# (reads without a branch); the planner's int8 9..16 rows at 8192^2 on the
# 2-CTA 16-row queue. Every :rs and :rq kernel changed.
# 1. humming-run's reference check on call2-layers.txt: every lane-queue
#    form of sessions ai / aj (2-, 4-, 8-bit, fp4 g32, g64 zero points +
#    bias, bf16, 2 K splits, N / K tails, 1-2 CTAs per SM, 64-column
#    blocks), the register forms of session ah (1-4 rounds, L2 prefetch,
#    16 rows), the new int8 table (bf16 + bias, N tail); memcheck on two
#    (a queue with 2 K splits and rows 5 / 12 of 16, a register loop).
# 2. The harness over every case, shape and M with Marlin in the same run.
# 3. The shapes tier of the validation.
# Prediction (against 1f6b70f's run): the loops are bound partly by issue
# (ncu at M = 16: 47 % issue slots busy, math-pipe and not-selected stalls
# 1.0-1.1 per instruction): 8192^2 channel M = 16 0.3-0.8 us faster
# (14.2 -> 13.4-13.9), M = 1..8 0-0.3 (12.4 -> 12.1-12.4), g128 M = 1..8
# 0-0.3; int8 M = 9..16 21.8 -> 21.0-21.3; 4096^2 M = 1 0-0.2 faster;
# M >= 17 (wgmma kernels) unchanged within 0.3.
set -u
source scripts/runtime-env.sh
d=bench/results/h200/2026-12-03-session-ak
date +%T
[ -f peers/build.sh ] && { bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?" > $OUT/peers-rc.txt; } &
timeout 200 bash scripts/check-layers.sh < $d/call2-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
sed -n '2p;12p' $d/call2-layers.txt | timeout 90 bash scripts/memcheck-layers.sh > "$OUT/memcheck.txt" 2>&1
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
