#!/bin/bash
# Session bm, call 6 (the session's last ~240 s of device time): main
# (b1f8cb48's kernels = aa8f421f's) beside Humming in one run, at the cells
# section 130 changed that Humming led in call 1: 4096^2 and 11008 x 4096,
# W4A16 channel and g128, M = 80 / 128. Marlin not built (no time).
# Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT", "peers"].
# Prediction (from call 5 and call 1): 4096^2 within 3 % of Humming either
# way; 11008 x 4096 M = 128 channel 4-6 % slower, g128 5-8 % slower.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
tar -C peers -xJf peers/humming-cache.tar.xz
OUT=$OUT/humming timeout 130 bash bench/run.sh --cases w4a16-int4-channel,w4a16-int4-g128 \
  --shapes 4096x4096,11008x4096 --ms 80,128 --reps 10 --sweeps 2 --no-graph --peers peers \
  > $OUT/humming.log 2>&1
echo "rc $?"; grep -E "^## |^\| (humming-mlir|humming|impl) " $OUT/humming.log
bash scripts/bundle-out.sh
