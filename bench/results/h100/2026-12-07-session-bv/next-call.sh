#!/bin/bash
# The next session's first call (after session bv). Carry
# ["dist/humming-runtime.tar.xz", "dist/COMMIT", "peers"]; dist/ from main
# (scripts/build-static.sh), peers/ with humming-cache.tar.xz. Needs an
# H200 for step 1 (on an H100 only step 2 runs).
# 1. The benchmark with both peers (ANCHORS.md's method) at main's tip.
#    Prediction: every cell as at 688a51e6 within the spread (the
#    benchmark's Ms, 1..128, run the same kernels: sessions bu and bv
#    changed 33..48, 129..192 and 193..224 only).
# 2. call8.sh's A / B on the H200 (SKIP_CHECK=1: the planner's 224-row
#    kernels against the table before at W8A16 8192^2 and g128 28672 x
#    4096, M = 193 / 208 / 224). Prediction: 5-10 % faster, as on the H100
#    (7 % / 8 %).
# DEADLINE (default 575 s) caps both.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
device_header
final_run_on_h200 $((${DEADLINE:-575} - 150 - SECONDS))
mkdir -p "$OUT/ab224"
OUT=$OUT/ab224 SKIP_CHECK=1 DEADLINE=$((${DEADLINE:-575} - SECONDS - 10)) \
  bash bench/results/h100/2026-12-07-session-bv/call8.sh > "$OUT/ab224.log" 2>&1
grep -E "^\| |rc " "$OUT/ab224.log"
gpu_clocks
bash scripts/bundle-out.sh
