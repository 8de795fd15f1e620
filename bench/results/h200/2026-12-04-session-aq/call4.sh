#!/bin/bash
# Session aq, call 4 (carry ["dist"]; dist = 20bc1e7 plus the harness fix
# for a K that is not a multiple of the group (g512 at K = 11008: call 3's
# A / B crashed in the harness's reference there); dist/base = 0b5675b).
# Call 3's A / B printed only its M = 48 cells before the crash: g64 8192^2
# +1.2 us, W8A16 g128 28672 x 4096 +2.9 (noisy), the rest -0.1 to -1.2. So
# the rule's "group-scale sums" half is not general. This call measures the
# grouped formats at M = 48 / 64 / 128 to choose: prediction, g512 as g128
# (faster), g64 (runs of one k-block, like channel) slower at 8192^2,
# 8-bit g128 mixed; M = 128 (tiles of more than 64 rows) faster for all.
set -u
source scripts/runtime-env.sh
date +%T
timeout 400 bash bench/ab.sh dist/base/humming-runtime.tar.xz 2 \
  --cases w4a16-int4-g64,w8a16-int8-g128,w4a16-int4-g512 --ms 48,64,128 \
  --reps 15 --sweeps 2 --no-graph --peers /nonexistent > $OUT/ab.log 2>&1
echo "ab rc $?"; grep -iE "gate|error" $OUT/ab.log | head -5
date +%T
bash scripts/bundle-out.sh
