#!/bin/bash
# Session as, call 4 (carry ["dist"]; dist = branch exp/fence-pair, 5bc2fe0
# plus an environment switch HUMMING_EXP_STEPS_PER_FENCE=n: n wgmma k16
# steps per fence (one WARPGROUP.ARRIVE per n steps) on tiles of 33+ rows,
# where main fences every step; dist/base = 5bc2fe0).
# Lead: ncu of the 8192^2 g128 M = 64 pair (session ao, call 5) has 194 of
# 2292 warp samples stalled on warpgroup_arrive (8.5 %), and its loop is
# paced by each warp's own instruction stream (4.85 cycles an instruction,
# samples spread over the loop, section 90). Section 54 measured 2 / 4
# steps per fence on the 33..64 tiles of that time mixed (-1.3 to +0.8),
# before the cluster pairs, the sums under the next run's MMAs and the
# late refill. SASS (local): the g128 pair 402 -> 394 / 390 loop
# instructions, ARRIVE 16 -> 8 / 4 an iteration, no injected arrives, no
# hazards by scripts/wgmma-hazards.py.
# 1. Correctness with 2 and 4 steps per fence: the planner's tables of 5
#    layers (g128 / channel + bias / int8 pairs, 96 / 128 / 192 / 256-row
#    tiles, uint4 g64 integer zero points bf16 K = 4104, 11008 x 4096)
#    through humming-run's reference check; memcheck on one.
# 2. A / B, two rounds: base (5bc2fe0), f2, f4; 8192^2 and 11008 x 4096 at
#    M = 48 / 64 / 128, the three cases.
# Prediction: g128 8192^2 M = 48 / 64 0.0-0.5 us faster with f2 or f4;
# the channel and int8 pairs within +-0.3; M = 128 (32+ tensor
# cycles a step) within +-0.5.
set -u
source scripts/runtime-env.sh
date +%T
d=bench/results/h200/2026-12-04-session-as
for f in 2 4; do
  HUMMING_EXP_STEPS_PER_FENCE=$f HUMMING_CACHE_DIR=/tmp/as-check-f$f timeout 100 \
    bash scripts/check-layers.sh < $d/call4-layers.txt > $OUT/layers-f$f.txt 2>&1
  echo "check f$f rc $?"; tail -1 $OUT/layers-f$f.txt
done
sed -n 1p $d/call4-layers.txt | sed 's/^[0-9,]*/48,64/' | HUMMING_EXP_STEPS_PER_FENCE=4 \
  HUMMING_CACHE_DIR=/tmp/as-mc-f4 timeout 60 bash scripts/memcheck-layers.sh > $OUT/memcheck-f4.txt 2>&1
echo "memcheck rc $?"; tail -1 $OUT/memcheck-f4.txt
date +%T
exp_lib="$HUMMING_LIBRARY"
mkdir -p /tmp/base-rt && tar -C /tmp/base-rt -xJf dist/base/humming-runtime.tar.xz
base_lib=/tmp/base-rt/humming-runtime/lib/libHummingRuntime.so
run_cfg() { # TAG LIB COMMIT ENV...
  local tag="$1" lib="$2" commit="$3"; shift 3
  env "$@" HUMMING_LIBRARY="$lib" HUMMING_COMMIT="$commit" \
    HUMMING_CACHE_DIR="/tmp/as-cache-$tag" OUT="$OUT/$tag$i" \
    timeout 70 bash bench/run.sh --shapes 8192x8192,11008x4096 \
    --ms 48,64,128 --reps 15 --sweeps 2 --no-graph --peers /nonexistent \
    > "$OUT/$tag$i.log" 2>&1
  echo "$tag$i rc $? $(date +%T)"
  grep -E "^## |^\| (humming-mlir|impl) " "$OUT/$tag$i.log"
  grep -iE "gate|error" "$OUT/$tag$i.log" | head -3
}
for i in 1 2; do
  run_cfg base "$base_lib" 5bc2fe0
  run_cfg f2 "$exp_lib" fence-f2 HUMMING_EXP_STEPS_PER_FENCE=2
  run_cfg f4 "$exp_lib" fence-f4 HUMMING_EXP_STEPS_PER_FENCE=4
done
date +%T
bash scripts/bundle-out.sh
