#!/bin/bash
# Session at, call 2 (carry ["dist"]). NOT RUN: no device was lent in
# session at; written for the next session, after call 1.
# What 4 idle SMs cost the 1..8-row kernels at 8192^2 (128 CTAs of 64
# columns on 132 SMs; W4A16 channel M = 1 12.3 us against 12, W8A16 20.3
# against 20, NOTES "Why the absolute targets are missed", since section
# 83: "about 0.35 us if the stream scales with the SMs reading, not
# measured apart"). The Triton readers of the same bytes at 128 and at 132
# programs, each with and without the runtime's streaming L2 window, the
# write flush before every call, 30 calls, median.
# Prediction: if the stream scales with the SMs that read it, 132 programs
# are 2-3 % faster than 128: 0.25-0.35 us at 32 MB (int4), 0.45-0.6 at
# 64 MB (int8). If they are within 0.1, the idle SMs are not what the
# 0.3 us over the targets is, and a 132-CTA split of the 1..8-row kernel
# (uneven column blocks or a K split on 4 blocks) is not worth building.
set -u
source scripts/runtime-env.sh
date +%T
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
timeout 250 python3 bench/read_floor.py --bytes 33554432,67108864 --programs 128,132 \
  --window --out $OUT/floor > $OUT/floor.log 2>&1
echo "floor rc $?"; tail -40 $OUT/floor.log
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
date +%T
bash scripts/bundle-out.sh
