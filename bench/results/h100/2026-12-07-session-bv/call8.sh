#!/bin/bash
# Session bv, after section 140's planner change (dist/ from main at or
# after b5e96abc). Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT"].
# 1. humming-run's reference check of the planner's 224-row kernels at odd
#    M (call8-layers.txt: 7 layers, among them shapes the A / B did not
#    measure: 3584 x 18944 W8A16 in 4 splits with 12 bytes of spills,
#    18944 x 3584 4-bit channel, uint4 g128 with zero points, bf16 with
#    bias, 14336 x 4096 bf16 g128) and memcheck of lines 1 2 5 6.
#    Prediction: all pass, clean (the same tile passed 8 of 8 in call 6).
#    SKIP_CHECK=1 skips step 1 (for a second run on an H200).
# 2. With the time left (DEADLINE, default 300 s), the planner against its
#    table before (unsplit224.py) at M = 193 / 208 / 224, W8A16 8192^2 and
#    g128 28672 x 4096. Prediction: as call 6 / 7 on an H100, 7-8 % and
#    8 % faster; on an H200 within a few points of that.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
here=bench/results/h100/2026-12-07-session-bv
device_header
if [ -z "${SKIP_CHECK:-}" ]; then
  check_layers layers $here/call8-layers.txt 120
  MEMCHECK_TIMEOUT=100 memcheck_layers layers $here/call8-layers.txt 1 2 5 6
fi
DEADLINE=${DEADLINE:-300} VARIANT_MS=193,208,224 planner_against before224 before \
  "python3 $here/unsplit224.py" "w8a16-int8-channel 8192x8192" "w4a16-int4-g128 28672x4096"
gpu_clocks
bash scripts/bundle-out.sh
