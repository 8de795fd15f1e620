#!/bin/bash
# Session be, call 4 (carry ["dist"]; dist/ = 6440a4d: the planner's new
# 4-CTA 128-column warpgroup tile for 4-bit channel codes at 17..32 rows,
# N 50.7k-67.6k). Reference check (humming-run: fp32 reference on the
# dequantized weights) of call4-layers.txt, the planner's own tables:
# 57344 x 8192 int4, 59136 x 8000 uint4 with zero points, bf16 and bias,
# 50816 x 2048 (the rule's lower bound) uint4 with zero points and bias;
# memcheck on the last. Prediction: all pass, memcheck clean.
set -u
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
d=bench/results/h200/2026-12-05-session-be
check_layers c4 $d/call4-layers.txt 100
MEMCHECK_TIMEOUT=60 memcheck_layers c4 $d/call4-layers.txt 3
gpu_clocks
bash scripts/bundle-out.sh
