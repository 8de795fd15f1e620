#!/bin/bash
# Session br, call 3 (the H200 of calls 1-2, or whatever comes): compute-
# sanitizer memcheck of main's staged-epilogue kernels in their committed
# form (dist/ at 3e09ea81): section 134's layers 2 (8192^2 W4A16 channel at
# 65..300 rows), 4 (W8A16 at 17..257) and 12 (28672 x 4096 uint8 at
# 33..128, whose 33..64 tile is staged). Prediction: clean.
# Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT"]. LINES and
# MEMCHECK_TIMEOUT narrow it to a short device budget.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
nvidia-smi --query-gpu=name --format=csv,noheader
MEMCHECK_TIMEOUT=${MEMCHECK_TIMEOUT:-200} memcheck_layers layers \
  bench/results/h200/2026-12-06-session-bq/call1-layers.txt ${LINES:-2 4 12}
bash scripts/bundle-out.sh
