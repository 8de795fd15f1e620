#!/bin/bash
# Session bu, call 1. Carry ["dist", "peers"]. Three builds, all static
# (scripts/build-static.sh, or its steps on a tree with one file reverted):
#   dist/       58f7eef9: main with the k-block retiring of the 4-bit
#               channel 128 x 256 four-warpgroup tiles (NOTES section 138:
#               ptxas had serialized their wgmmas, C7511);
#   dist/main/  688a51e6: main before it (session bt's tip);
#   dist/base/  688a51e6 with dacf6e34's MmaSyncKernel.cpp: the zeroing of
#               A rows past M before 854399aa (section 137).
# 1. humming-run's reference check (dist/) of call1-layers.txt: lines 1-14
#    are session bt's call4-layers.txt (160-row tiles at odd M in 129..160,
#    the zeroing change in mma.sync, 64 / 80 / 112-row and 128 x 256
#    tiles, 3-bit g32 with zero points); lines 15-22 the retired tiles at
#    odd M (193+ and 257+ / 513+ entries of five shapes, zero points and
#    bias, bf16). Memcheck of lines 1, 10, 15 and 16.
#    Prediction: all pass, clean.
# 2. bench/ab.sh, 2 rounds, base / main / new interleaved in one process:
#    W4A16 channel at 4096^2, 8192^2, 4096 x 11008 and 11008 x 4096, M = 1
#    / 80 / 160 / 256 / 520 (4096^2 retires from 513 rows, 4096 x 11008
#    from 257, the other two from 193); W8A16 channel at 4096^2 and 8192^2, M = 1 /
#    80 / 160. Predictions:
#    - retiring (new against main), M = 256 / 520 on the retired tiles:
#      5-15 % faster (every HGMMA waited for before, the tensor pipe idle
#      through each step's decode unless another warpgroup filled it;
#      now 4-8 of a warpgroup's MMAs in flight); every other cell the same
#      kernels (+-0.2 us).
#    - zeroing (main against base): M = 80 / 160 0.1-0.4 us faster where
#      units are short (4096^2, 4096 x 11008: 4 workspace splits), +-0.2
#      elsewhere; M = 1 the same (+-0.2).
# LIMIT (default 575 s): where the A / B stops.
set -u
LIMIT=${LIMIT:-575}
d=bench/results/h200/2026-12-07-session-bu
source scripts/runtime-env.sh
source bench/variants.sh
device_header
check_layers layers $d/call1-layers.txt 240
MEMCHECK_TIMEOUT=120 memcheck_layers layers $d/call1-layers.txt 1 10 15 16
date +%T
AB_EXTRA="main=dist/main/humming-runtime.tar.xz" OUT=$OUT/ab4 \
  timeout $(( (LIMIT - SECONDS - 15) * 2 / 3 )) \
  bash bench/ab.sh dist/base/humming-runtime.tar.xz 2 \
  --cases w4a16-int4-channel --shapes 4096x4096,8192x8192,4096x11008,11008x4096 \
  --ms 1,80,160,256,520 --reps 15 --sweeps 1 --no-graph --peers /nonexistent
echo "A / B W4A16 rc $? $(date +%T)"
AB_EXTRA="main=dist/main/humming-runtime.tar.xz" OUT=$OUT/ab8 \
  timeout $((LIMIT - SECONDS - 15)) \
  bash bench/ab.sh dist/base/humming-runtime.tar.xz 2 \
  --cases w8a16-int8-channel --shapes 4096x4096,8192x8192 \
  --ms 1,80,160 --reps 15 --sweeps 1 --no-graph --peers /nonexistent
echo "A / B W8A16 rc $? $(date +%T)"
gpu_clocks
bash scripts/bundle-out.sh
