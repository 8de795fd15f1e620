#!/bin/bash
# Session q, call 3 (branch exp/narrow-2cta's runtime, d7e1abf, after calls
# 1-2 validated it and measured it faster): the full benchmark with Marlin
# (built first from the git-ignored peers/ folder, never committed), then
# narrow-2cta.sh's PART=3 in the time left.
[ -f peers/build.sh ] && { time bash peers/build.sh; } > $OUT/marlin-build.log 2>&1; tail -1 $OUT/marlin-build.log
source scripts/runtime-env.sh
OUT=$OUT/full timeout 300 bash bench/run.sh --ms 1,4,8,16,32,64 --reps 20 > $OUT/full.log 2>&1
echo "bench rc $?"; grep -iE "not run|gate" $OUT/full.log | head -5; grep -E "^\||^## |^JIT" $OUT/full.log | grep -E "^## |humming-mlir \||marlin \||cublas-fp16 \||^JIT"
mkdir -p $OUT/part3
OUT=$OUT/part3 PART=3 NO_BUNDLE=1 timeout 190 bash bench/results/h200/2026-12-01-session-q/narrow-2cta.sh
bash scripts/bundle-out.sh
