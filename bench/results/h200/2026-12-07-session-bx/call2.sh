#!/bin/bash
# Session bx's second call, after the final run (session bw's next-call.sh).
# Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT"]; dist/ from main
# (738f41f2: main's kernels). The GPU suite's planner tiers on the H200
# (shapes: the planner's tables at the five shapes, every range's ends;
# models: model widths; wgmma: the hand tables), their first run on an
# H200 since sessions bs-bw's 48-, 144-, 176- and 224-row tiles (session
# bw ran the whole suite on an H100), under a budget; then
# device-validate.sh's memcheck and the Python tests. Prediction: all pass,
# as on the H100.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
device_header
mkdir -p "$OUT/suite"
OUT=$OUT/suite HUMMING_VALIDATE_BUDGET=$((${DEADLINE:-575} - 200 - SECONDS)) \
  timeout $((${DEADLINE:-575} - 20 - SECONDS)) \
  bash scripts/device-validate.sh shapes models wgmma > "$OUT/suite.log" 2>&1
echo "suite rc $?"; tail -25 "$OUT/suite.log"
rm -f "$OUT"/suite/shards/*.json
xz -9 "$OUT"/suite/validation-merged.json "$OUT"/suite/validate.txt 2>/dev/null
gpu_clocks
bash scripts/bundle-out.sh
