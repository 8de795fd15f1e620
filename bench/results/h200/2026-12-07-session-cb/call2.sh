#!/bin/bash
# Session cb's second call (name nvidia-h200, either card); carry as call1.
# - On an H200: session bw's next-call.sh (the final run at the tip).
# - Elsewhere: the formats tier at sm_75 (every legal weight format with f16
#   activations, channel and group 32 / 64 / 128 scales, no / integer /
#   float zero points, at 1000 x 1024, M = 1 .. 4096) through the driver's
#   PTX JIT, under a budget (DEADLINE, default 300 s); the results say what
#   was covered. Prediction: all pass, as call 1's 43 layers did.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
device_header
on_h200_exec bench/results/h200/2026-12-07-session-bw/next-call.sh
HUMMING_VALIDATE_ONLY=1 sm75_tiers "${DEADLINE:-300}" 40 formats@sm_75
gpu_clocks
bash scripts/bundle-out.sh
