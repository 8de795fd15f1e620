#!/bin/bash
# Session bq, call 1 (an H100 or the H200), dist/ at the staged wgmma
# epilogue (stmatrix .trans into shared memory, 16-byte row stores), not
# yet committed. Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT",
# "dist/base", "peers"].
# 1. humming-run's reference check of call1-layers.txt: every wgmma path
#    the epilogue serves (cluster shares, workspace splits with and
#    without shared sums, the 192-row cluster tile that stages over its
#    received sums, plain tiles), f16 / bf16 output with bias, zero
#    points, N = 4104 / 1000 (column tiles past N), N = 1004 (not a
#    multiple of 8: the old epilogue), odd M. Prediction: all pass.
# 2. compute-sanitizer memcheck of lines 1, 2, 5. Prediction: clean.
# 3. The smoke tier of the GPU suite. Prediction: all pass.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
L=bench/results/h200/2026-12-06-session-bq/call1-layers.txt
check_layers layers $L 240
MEMCHECK_TIMEOUT=150 memcheck_layers layers $L 1 2 5
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=120 HUMMING_VALIDATE_ONLY=1 timeout 150 \
  bash scripts/device-validate.sh smoke > $OUT/val.log 2>&1
echo "validate rc $? $(date +%T)"; tail -6 $OUT/val.log
gpu_clocks
bash scripts/bundle-out.sh
