#!/bin/bash
# Session ao, call 6 (carry ["dist"]; dist = main at 7bc2188: 62eb15a plus
# `:i8` allowed and the planner's 4-bit channel 33..64 cluster pair at 16
# stages of 8 k-blocks an iteration (section 91); dist/base = 62eb15a).
# 1. Correctness: the new pair tables (call6-layers.txt: int4 bf16 with
#    bias, uint4 zero points with a K tail of 4104, e2m1 at N = 7936),
#    memcheck on the first; the shapes tier.
# 2. A / B, base new base new: channel 8192^2 M = 40 / 48 / 56 / 64 (the
#    only planner tables that change, at N about 8192). Prediction: 0.1-0.5
#    us faster (session an call 6 and this session's call 1: 0.1-0.5 in 6
#    of 6 cells).
set -u
source scripts/runtime-env.sh
d=bench/results/h200/2026-12-04-session-ao
date +%T
timeout 80 bash scripts/check-layers.sh < $d/call6-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
sed -n '1p' $d/call6-layers.txt | timeout 50 bash scripts/memcheck-layers.sh > "$OUT/memcheck.txt" 2>&1
tail -1 "$OUT/memcheck.txt"
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=70 HUMMING_VALIDATE_ONLY=1 timeout 85 bash scripts/device-validate.sh shapes > $OUT/val.log 2>&1
echo "validate rc $?"; tail -1 $OUT/val.log
date +%T
timeout 200 bash bench/ab.sh dist/base/humming-runtime.tar.xz 2 \
  --cases w4a16-int4-channel --shapes 8192x8192 --ms 40,48,56,64 --reps 15 --sweeps 2 \
  --no-graph --peers /nonexistent
date +%T
bash scripts/bundle-out.sh
