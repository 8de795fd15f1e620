#!/bin/bash
# Session bw, after section 141's planner change (dist/ from main at or
# after 9525e238: 193..224 on the 224-row tile for every group size and
# 8-bit groups in at most 2 K splits). Carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT", "peers"].
# 1. humming-run's reference check of the planner's new 224-row kernels at
#    odd M (call2-layers.txt: 8-bit g128 / g64 / g32, uint4 g32 with zero
#    points, fp4 (e2m1) g32, bf16 with bias; pairs and unsplit) and memcheck
#    of lines 1 and 4. Prediction: all pass, clean (ptxas: 197-222
#    registers, no spills).
# 2. On an H200: the final run with both peers at the tip (prediction: the
#    cells as at 688a51e6 within the spread; the benchmark's Ms, 1..128,
#    run the same kernels). Elsewhere: the planner against its table before
#    (unsplit224.py) at M = 193 / 208 / 224 where nothing measured it: 8-bit
#    g64 and fp4 g32 at 8192^2 (pairs) and 28672 x 4096 (unsplit).
#    Prediction: 8-bit g64 10-15 % faster (as 8-bit g128), fp4 g32 3-6 %
#    (as int4 g32; the e2m1 decode costs more, which favours the fewer rows).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
here=bench/results/h100/2026-12-07-session-bw
device_header
check_layers layers $here/call2-layers.txt 120
MEMCHECK_TIMEOUT=100 memcheck_layers layers $here/call2-layers.txt 1 4
final_run_on_h200 $((${DEADLINE:-575} - 20 - SECONDS)) ||
  DEADLINE=${DEADLINE:-575} VARIANT_MS=193,208,224 planner_against \
    before224 before "python3 bench/results/h100/2026-12-07-session-bv/unsplit224.py" \
    "w8a16-int8-g64 8192x8192" "w4a16-fp4-g32 8192x8192" \
    "w8a16-int8-g64 28672x4096" "w4a16-fp4-g32 28672x4096"
gpu_clocks
bash scripts/bundle-out.sh
