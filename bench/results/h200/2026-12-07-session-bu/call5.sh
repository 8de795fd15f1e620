#!/bin/bash
# The next session's first call (after session bu). Carry
# ["dist/humming-runtime.tar.xz", "dist/COMMIT", "peers"]; dist/ built
# from main (scripts/build-static.sh) at or after the 16-row steps and
# 48-row tiles of NOTES section 139; peers/ with humming-cache.tar.xz.
# 1. humming-run's reference check of call5-layers.txt: the 48-row tiles
#    at odd M in 33..48 (4 workspace splits, the cluster pair of 8
#    k-blocks an iteration, two CTAs per SM, 8-bit, g64 with zero points,
#    bf16 with bias) and the 144 / 176-row tiles at odd M in 129..144 and
#    161..176; memcheck of lines 1, 3, 6 and 7. Prediction: all pass,
#    clean (the harness's gate passed on these kernels at M = 33 / 129 /
#    137 / 161 / 169).
# 2. On an H200, the benchmark with both peers (ANCHORS.md's method).
#    Prediction: every cell at M <= 64 but 33..48 (not among its Ms) as at
#    688a51e6 within the spread (the same kernels); M = 80 / 128 the same
#    kernels too. (The benchmark's Ms miss the new tiles; step 1 and
#    section 139's tables are their evidence.)
# DEADLINE (default 575 s from the start) caps step 2; SKIP_FINAL=1 skips it.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
d=bench/results/h200/2026-12-07-session-bu
device_header
check_layers layers $d/call5-layers.txt 200
MEMCHECK_TIMEOUT=150 memcheck_layers layers $d/call5-layers.txt 1 3 6 7
[ -n "${SKIP_FINAL:-}" ] || final_run_on_h200 $((${DEADLINE:-575} - SECONDS))
gpu_clocks
bash scripts/bundle-out.sh
