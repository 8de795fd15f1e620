#!/bin/bash
# Session bk, call 7 (carry ["dist/humming-runtime.tar.xz", "dist/COMMIT",
# "dist/base"]; dist/ at 59bf14b, dist/base/ at 3d4136f): the A / B of
# call 1 again, both builds in one process (gemm_bench.py --library, new:
# bench/variants.sh's build_variants), calls interleaved. Prediction:
# 8192^2 M = 128, whose kernel is byte-identical in the two builds (6 %
# apart between call 1's processes), within 1 %; 8192^2 257+ (four
# warpgroups against two) 0.98-1.02 as in call 2; 57344 x 8192, the same
# kernels in both builds since this session's change, within 1 % at every M.
set -u
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
export VARIANT_MS=128,300,1024,4096 VARIANT_REPS=10 VARIANT_SWEEPS=2 VARIANT_TIMEOUT=200
build_variants ab-8192 w8a16-int8-channel 8192x8192 base=dist/base/humming-runtime.tar.xz
VARIANT_MS=128,300,1024 build_variants ab-57344 w8a16-int8-channel 57344x8192 base=dist/base/humming-runtime.tar.xz
gpu_clocks
bash scripts/bundle-out.sh
