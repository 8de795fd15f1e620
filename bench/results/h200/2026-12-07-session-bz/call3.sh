#!/bin/bash
# Session bz's last call (329 s of device budget left): on an H200 only,
# the targets' cells at 8192^2 (W4A16 channel, g128, W8A16 at M = 1 / 16 /
# 64) at the tip's kernels with cuBLAS, torch's int4 and Humming (its
# kernel cache; Marlin not built, to fit). Carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT", "peers/humming-src", "peers/humming-cache.tar.xz"].
# Prediction: as at 688a51e6 within the spread: W4A16 channel 12.2 / 12.9
# / 19.0 us, g128 12.7 / 13.4 / 20.1, W8A16 20.2 / 21.0 / 22.9. On any
# other card it stops at once. SHAPES= for other shapes than 8192^2.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
device_header
case "$DEVICE_GPU" in *H200*) ;; *) echo "not an H200: nothing run"; exit 0 ;; esac
SHAPES=${SHAPES:-8192x8192} DEADLINE=${DEADLINE:-200} bash bench/results/h200/2026-12-07-session-by/targets.sh
