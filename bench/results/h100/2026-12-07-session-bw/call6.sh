#!/bin/bash
# Session bw: one M tile of 256 rows over 128 columns (the 224-row tile's
# form, wgmma n256, 216-224 registers, no spills) from 225 rows on, where
# the planner runs 128 x 256 tiles in two or more M tiles (so each weight
# is read and decoded once per 128 rows; the 224-row tile's 13-18 % for
# 8-bit groups and fp4 was part rows, part that). Carry
# ["dist/humming-runtime.tar.xz", "dist/COMMIT"]; dist/ at 36b3cacb.
# 1. humming-run's reference check of the tile at odd M (call6-layers.txt:
#    a cluster pair, unsplit, bf16 with zero points, bias, odd N / K).
# 2. The planner's table against rows256.py's (225..256 in the 224-row
#    entry's split, 257+ unsplit) at M = 225 / 240 / 256 / 512 / 1024, in
#    the order below until DEADLINE. Prediction: 8-bit g128 and fp4 g32
#    5-10 % faster (one decode per weight instead of two), int4 g128 and
#    8-bit channel within +-5 %; the same at 512 / 1024 as at 256.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
here=bench/results/h100/2026-12-07-session-bw
device_header
check_layers rows256 $here/call6-layers.txt 90
DEADLINE=${DEADLINE:-450} VARIANT_MS=225,240,256,512,1024 VARIANT_REPS=10 \
  planner_against rows256 r256 "python3 $here/rows256.py" \
  "w8a16-int8-g128 28672x4096" "w4a16-fp4-g32 8192x8192" \
  "w4a16-int4-g128 8192x8192" "w8a16-int8-channel 8192x8192" \
  "w4a16-int4-g128 28672x4096" "w8a16-int8-channel 28672x4096"
gpu_clocks
bash scripts/bundle-out.sh
