#!/bin/bash
# Session by's short H200 call (what was left of the device budget after
# two H100 calls): the absolute targets and the 3x-cuBLAS cells
# at main's tip, with both peers, ANCHORS.md's method (bench/run.sh):
# W4A16 channel, g128 and W8A16 at 8192^2, 4096^2 and 11008 x 4096, M =
# 1 / 16 / 64, 20 calls x 2 sweeps (SHAPES= to run fewer). Carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT", "peers"]. Prediction: every cell as at 688a51e6 within
# the spread (M = 1..64 runs the same kernels; sessions bu-bw changed 33..48
# and 129..224 only): 8192^2 W4A16 channel 12.2 / 12.9 / 19.0 us, g128
# 12.7 / 13.4 / 20.1, W8A16 20.2 / 21.0 / 22.9. On an H100 (whichever
# card comes) the same cells run, ours against the peers on that card
# (not the targets' card; prediction there: ours ahead of Marlin and
# Humming in every cell, as in section 129's H100 run at M <= 64).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
device_header
FINAL_TIMEOUT=$((${DEADLINE:-400} - 30 - SECONDS)) final_run \
  --shapes ${SHAPES:-8192x8192,4096x4096,11008x4096} --ms 1,16,64 --reps 20
gpu_clocks
bash scripts/bundle-out.sh
