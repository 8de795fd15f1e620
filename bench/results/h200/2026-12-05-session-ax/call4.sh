#!/bin/bash
# NOT RUN: session ax had no device. Optional, after call1-3 if device time
# is left (carry ["dist", "peers"]; Marlin built by session aw's call1.sh).
# Question: is the planner, whose rules were measured at the five benchmark
# shapes, also faster than Marlin on common model shapes it was never timed
# on? Its tables there (local, W4A16 channel): 14336 x 4096 takes 2 K splits
# of 16 x 256 staged tiles at 1..8 rows (the lane queues' rules ask for K =
# 8192 or N about 4096), 5120^2 the 3-CTA 32-column blocks, 3584 x 18944 the
# 2-CTA 64-column tile with 4 splits, 2048 x 7168 8 K splits of 128-column
# tiles. Main's build (dist/base/), one sweep, no graph figure.
# Prediction: faster than Marlin in every channel cell (1.1-2x, as at the
# benchmark shapes); at M = 1 within 1.5x of the floor's time at N >= 5120.
# A cell slower than Marlin, or more than 2x the floor at M = 1, is a shape
# whose rules need a measurement of their own.
set -u
source bench/variants.sh
export HUMMING_LIBRARY=$(unpack_runtime dist/base/humming-runtime.tar.xz /tmp/base-rt)
export HUMMING_COMMIT=$(cat dist/base/COMMIT)
source scripts/runtime-env.sh
date +%T; nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
left=$((560 - SECONDS)); [ $left -gt 300 ] && left=300
OUT=$OUT/shapes timeout $left bash bench/run.sh --cases w4a16-int4-channel,w4a16-int4-g128 \
  --shapes 14336x4096,5120x5120,3584x18944,2048x7168 --ms 1,8,16,32,64 --reps 15 --sweeps 1 \
  --no-graph > $OUT/shapes.log 2>&1
echo "shapes rc $?"; grep -E "^## |^\| (humming-mlir|marlin|cublas-fp16|floor|speedup)" $OUT/shapes.log
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
date +%T
bash scripts/bundle-out.sh
