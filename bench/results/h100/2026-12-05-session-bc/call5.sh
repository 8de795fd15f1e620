#!/bin/bash
# Session bc, call 5 (carry ["dist"]; dist/ = 0a0a54c): reference check of
# call5-layers.txt, the two rules of 0a0a54c as the planner takes them
# (W8A16 one warpgroup of 128 columns at 3 CTAs per SM at 17..64 with bias,
# and uint8 zero points at an odd K; g128 4-warp 64-column tiles at 5 CTAs
# per SM up to 16 rows, bf16, and uint4 zero points at an odd N), memcheck
# of its third layer. Call 4 measured the same entries as hand tables.
set -u
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
d=bench/results/h100/2026-12-05-session-bc
check_layers layers $d/call5-layers.txt 110
MEMCHECK_TIMEOUT=50 memcheck_layers layers $d/call5-layers.txt 3
gpu_clocks
bash scripts/bundle-out.sh
