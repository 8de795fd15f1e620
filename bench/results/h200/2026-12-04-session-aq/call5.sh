#!/bin/bash
# Session aq, call 5 (carry ["dist"]; dist = c857531, the landing rule;
# dist/base = 0b5675b).
# The late refill also reaches the large-M tiles (more than 64 rows) of g128
# and 8-bit codes, which no call of this session timed past M = 128 (the
# 4-bit channel ones at N = K = 8192 load their first operands ahead and do
# not change). A / B at M = 256 / 1024 / 4096. Prediction: 0-5 % faster
# (the M = 128 cells gained 0.3-6.5 us of 17-60), none slower beyond 2 %.
set -u
source scripts/runtime-env.sh
date +%T
timeout 420 bash bench/ab.sh dist/base/humming-runtime.tar.xz 2 \
  --cases w4a16-int4-g128,w8a16-int8-channel,w4a16-int4-channel \
  --shapes 8192x8192,28672x4096 --ms 256,1024,4096 \
  --reps 10 --sweeps 2 --no-graph --peers /nonexistent > $OUT/ab.log 2>&1
echo "ab rc $?"; grep -iE "gate|error" $OUT/ab.log | head -5
grep -E "^## |^\| humming-mlir" $OUT/ab.log
date +%T
bash scripts/bundle-out.sh
