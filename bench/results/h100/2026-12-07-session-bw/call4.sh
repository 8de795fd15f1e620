#!/bin/bash
# Session bw's fourth call. Carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT", "peers"]; dist/ from main (36b3cacb: main's kernels).
# On an H200: the final run with both peers at the tip (prediction: the
# cells as at 688a51e6 within the spread; the benchmark's Ms run the same
# kernels).
# Elsewhere: the GPU suite's planner tiers at the tip (shapes: the
# planner's tables at the five shapes, every range's ends, M = 201 / 224 /
# 225 among them; models: model widths; wgmma: the hand tables), the
# tiers that sessions bs-bw's new tiles reach, under a budget; then
# device-validate.sh's memcheck and the Python tests. Prediction: all
# pass (every new kernel passed humming-run's reference check).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
device_header
if ! final_run_on_h200 $((${DEADLINE:-575} - 20 - SECONDS)); then
  mkdir -p "$OUT/suite"
  OUT=$OUT/suite HUMMING_VALIDATE_BUDGET=$((${DEADLINE:-575} - 200 - SECONDS)) \
    timeout $((${DEADLINE:-575} - 20 - SECONDS)) \
    bash scripts/device-validate.sh shapes models wgmma > "$OUT/suite.log" 2>&1
  echo "suite rc $?"; tail -25 "$OUT/suite.log"
fi
gpu_clocks
bash scripts/bundle-out.sh
