#!/bin/bash
# For the next device session (carry ["dist"]; dist/ = 6440a4d: the
# planner's 4-CTA 128-column warpgroup tile for 4-bit channel codes at
# 17..32 rows, N 50.7k-67.6k; dist/prev/ = e697bbb, the planner before it
# (the same as f7a5d2a); both built by scripts/build-static.sh,
# git-ignored). Results go under the card that comes (h100 or h200).
# 1. Reference check (humming-run: fp32 reference on the dequantized
#    weights) of call4-layers.txt, the planner's own tables: 57344 x 8192
#    int4, 59136 x 8000 uint4 with zero points, bf16 and bias, 50816 x
#    2048 (the rule's lower bound) uint4 with zero points and bias;
#    memcheck on the last. Prediction: all pass, memcheck clean.
# 2. A / B against e697bbb, one round, 57344 x 8192 and 59136 x 8192 W4A16
#    channel at M = 17 / 24 / 32 (and 16 / 33, unchanged entries).
#    Prediction (session be's hand entries on an H100): 6-8 % faster at
#    17..32; on an H200 the same or more (its faster HBM leaves the
#    second wave a larger share, as in section 120's call 1).
# 3. The suite's models tier (45 layers with 57344 x 8192) with the time
#    left. Prediction: passes.
set -u
LIMIT=${LIMIT:-575}
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
d=bench/results/h200/2026-12-05-session-be
check_layers c4 $d/call4-layers.txt 120
MEMCHECK_TIMEOUT=60 memcheck_layers c4 $d/call4-layers.txt 3
OUT=$OUT/ab timeout 200 bash bench/ab.sh dist/prev/humming-runtime.tar.xz 1 \
  --cases w4a16-int4-channel --shapes 57344x8192,59136x8192 --ms 16,17,24,32,33 \
  --reps 15 --sweeps 1 --no-graph --peers /nonexistent
echo "ab rc $? $(date +%T)"
left=$((LIMIT - SECONDS - 10))
[ $left -gt 60 ] && OUT=$OUT/val HUMMING_VALIDATE_BUDGET=$((left - 30)) HUMMING_VALIDATE_ONLY=1 \
  timeout $left bash scripts/device-validate.sh models > $OUT/val.log 2>&1
echo "validate rc $?"; tail -4 $OUT/val.log 2>/dev/null
gpu_clocks
bash scripts/bundle-out.sh
