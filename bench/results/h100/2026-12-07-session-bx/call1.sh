#!/bin/bash
# Session bx's call on an H100 (no H200 came this session). Carry
# ["dist/humming-runtime.tar.xz", "dist/COMMIT"]; dist/ from main
# (738f41f2: main's kernels).
# Section 141 left the 224-row tile (193..224 rows) on group sizes 16 and
# 1024 checked against the reference but untimed. The planner against its
# table before (193..224 merged back into the next entry, session bv's
# unsplit224.py) at M = 193 / 208 / 224, one process per layer, the
# harness's gate on every cell: int4 g16 and g1024 at 8192^2 and 28672 x
# 4096. Predicted from g32-g128 and channel codes (section 141): g16 3-10 %
# faster (its scales every k16 step dilute the decode saved), g1024 5-12 %
# (against the two-warpgroup 128 x 256 tile, as 4-bit channel codes).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
device_header
DEADLINE=${DEADLINE:-440} VARIANT_MS=193,208,224 planner_against before224 before \
  "python3 bench/results/h100/2026-12-07-session-bv/unsplit224.py" \
  "w4a16-int4-g16 8192x8192" "w4a16-int4-g1024 8192x8192" \
  "w4a16-int4-g16 28672x4096" "w4a16-int4-g1024 28672x4096"
gpu_clocks
bash scripts/bundle-out.sh
