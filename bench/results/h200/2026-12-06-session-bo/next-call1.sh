#!/bin/bash
# For the next device session's first call, if session bo's call 2
# (results/h100/2026-12-06-session-bo/call2.sh) did not run: on an H200
# first the benchmark with Marlin and Humming in the same run (none on an
# H200 yet), then call 2's question: the warp-specialized kernels with the
# roles' register budgets (c5cda07d) and stream-K over them against the
# planner at the 65..128-row cells Humming led on an H100. On an H100 only
# the second part (file it under results/h100/). Carry
# ["dist/humming-runtime.tar.xz", "dist/COMMIT", "peers"]: dist/ from
# scripts/build-static.sh at main; peers/ as bench/README.md says.
# Predictions: as call2.sh's (skws 5-15 % faster than the planner at 11008
# x 4096 M = 80, 0-10 % at M = 128; the cooperative stream-K 15-25 %
# slower than skws); the benchmark on an H200 as on the H100 at M <= 64
# (ours faster than both peers in every cell).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  FINAL_TIMEOUT=300 final_run
  grep -E "excluded|gate" "$OUT/full.log" | head
  [ -d peers/humming-cache ] && tar -C peers -cJf "$OUT/humming-cache.tar.xz" humming-cache
fi
# call2.sh ends with the clocks and the bundle of everything under $OUT.
bash bench/results/h100/2026-12-06-session-bo/call2.sh
