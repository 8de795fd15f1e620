#!/bin/bash
# The next session's first call (after sessions bv and bw, whose calls all
# ran on H100s). Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT",
# "peers"]; dist/ from main (scripts/build-static.sh), peers/ with
# humming-cache.tar.xz. Step 1 needs an H200 (elsewhere only step 2 runs).
# 1. The benchmark with both peers (ANCHORS.md's method) at main's tip.
#    Prediction: every cell as at 688a51e6 within the spread (the
#    benchmark's Ms, 1..128, run the same kernels: sessions bu-bw changed
#    33..48 and 129..224 only).
# 2. Sections 140-141's 224-row tile on this card: the planner against
#    its table before (193..224 merged back into 225..256's kernel) at M =
#    193 / 208 / 224, in this order until DEADLINE: W8A16 8192^2, 8-bit
#    g128 and 4-bit g128 at 28672 x 4096, fp4 g32 8192^2. Prediction: as on
#    the H100 (7 %, 13 %, 8 %, 10 % faster), within a few points.
# DEADLINE (default 575 s) caps both.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
device_header
final_run_on_h200 $((${DEADLINE:-575} - 150 - SECONDS))
DEADLINE=${DEADLINE:-575} VARIANT_MS=193,208,224 planner_against before224 before \
  "python3 bench/results/h100/2026-12-07-session-bv/unsplit224.py" \
  "w8a16-int8-channel 8192x8192" "w8a16-int8-g128 28672x4096" \
  "w4a16-int4-g128 28672x4096" "w4a16-fp4-g32 8192x8192"
gpu_clocks
bash scripts/bundle-out.sh
