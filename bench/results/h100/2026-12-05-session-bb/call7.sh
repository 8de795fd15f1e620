#!/bin/bash
# Session bb's last device call (carry ["dist"]; dist/ = 6e96837, dist/prev/
# = 3cbce3e; about 180 s of device time left): 6e96837's wide-layer rules.
# 1. humming-run's reference check of call7-layers.txt (37888 x 3584 at
#    every new kernel, 18944 x 3584 with zero points and bf16, 22016 x 4096
#    with bias, 13824 x 5120 at 1..8, odd 37900 x 3600); memcheck on line 5
#    at M = 5 / 13 / 17 / 40. Prediction: all pass.
# 2. A / B against dist/prev, one round, W4A16 channel at M = 1 / 16 / 32
#    / 64. Prediction (call 6's entries): 37888 x 3584 9-12 us faster at
#    1..32, 5 at 64; 18944 x 3584 0.3-1.2 at 1 / 16; 22016 x 4096 0.9-1.5
#    at 1 / 16; 13824 x 5120 1.1-1.5 at 1; the rest within 0.3.
set -u
source bench/variants.sh
source scripts/runtime-env.sh
d=bench/results/h100/2026-12-05-session-bb
check_layers layers $d/call7-layers.txt 90; check_rc=$?
MEMCHECK_TIMEOUT=35 memcheck_layers layers $d/call7-layers.txt 5
[ $check_rc -eq 0 ] && OUT=$OUT/ab timeout $((160 - SECONDS)) bash bench/ab.sh \
  dist/prev/humming-runtime.tar.xz 1 --cases w4a16-int4-channel \
  --shapes 37888x3584,18944x3584,22016x4096,13824x5120 --ms 1,16,32,64 \
  --reps 15 --sweeps 1 --no-graph --peers /nonexistent
echo "ab rc $?"
bash scripts/bundle-out.sh
