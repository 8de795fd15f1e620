#!/bin/bash
# Session aq, call 2 (carry ["dist"]; dist = branch refill-after-first at
# 77b66f9; dist/base = 0b5675b, main's kernels).
# The rule of call 1's winner (section 94): cooperative wgmma loops that do
# not load their first operands ahead (all but the 4-bit channel kernels in
# units of 64+ k-blocks) refill after the first k-block's MMAs, the first
# run's with group-scale sums, their copies sharing one address per
# iteration; every other kernel is byte-for-byte 0b5675b's (SASS compared
# for the 8192^2 channel pair). A / B, base new base new, the five shapes,
# M = 24 / 48 / 64 / 128 (the 1..16-row kernels do not change).
# Predictions: call 1's cells again (g128 0.1 / 0.4-0.7 / 1.6-1.7 faster
# at 8192^2 / 4096 x 11008 / 28672 x 4096 M = 48 / 64, W8A16 28672 x 4096
# M = 64 0.8, channel 4096 x 11008 0.2-0.3, the 4-bit channel pairs at
# 8192^2 and 28672 x 4096 unchanged); 4096^2 and 11008 x 4096 (not
# measured in call 1) 0-0.5 faster for g128 and W8A16; M = 24 (17..32-row
# tiles) and M = 128 (65+ tiles): 0-0.5 faster, none slower beyond 0.2.
set -u
source scripts/runtime-env.sh
date +%T
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
timeout 560 bash bench/ab.sh dist/base/humming-runtime.tar.xz 2 \
  --ms 24,48,64,128 --reps 15 --sweeps 2 --no-graph --peers /nonexistent
date +%T
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
bash scripts/bundle-out.sh
