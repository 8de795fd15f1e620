#!/bin/bash
# Session ap, call 2 (carry ["dist"]; dist = main at b0bd536: call 1's
# descriptor (0b5675b) plus activation copies without a K bound where K is
# whole k-blocks (section 92); dist/prev = 0b5675b; dist/base = 7bc2188).
# SASS (ptxas 13.0, here): the 4-bit channel 33..64 pair's loop 675 -> 650
# instructions an iteration of 8 k-blocks, g128's 436 -> 418 of 4; ptxas
# hoists the rows' addresses instead: registers up 0-28 in the planner's
# kernels at the five shapes, no new spill but 8 bytes in g64 11008 x 4096
# 33..64 (168, its cap at 3 CTAs per SM).
# 1. Correctness: the wgmma tier (complete this time: budget 190 s) and
#    the shapes tier (odd K tails keep the bound; every staged kernel).
# 2. A / B / C, in turn, twice: base 7bc2188, desc 0b5675b, new b0bd536,
#    the cells of call 1. Prediction: new 0.1-0.4 us faster than desc at
#    8192^2 M = 48 / 64 (the pair's loop 4 % shorter; call 1 took 0.2-0.4
#    from 3 %), within 0.2 elsewhere; desc against base as in call 1.
set -u
source scripts/runtime-env.sh
date +%T
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=190 HUMMING_VALIDATE_ONLY=1 timeout 215 bash scripts/device-validate.sh wgmma shapes > $OUT/val.log 2>&1
echo "validate rc $?"; tail -2 $OUT/val.log
date +%T
AB_EXTRA="desc=dist/prev/humming-runtime.tar.xz" timeout 320 bash bench/ab.sh dist/base/humming-runtime.tar.xz 2 \
  --shapes 8192x8192,4096x11008 --ms 24,48,64,128 --reps 15 --sweeps 2 \
  --no-graph --peers /nonexistent
date +%T
bash scripts/bundle-out.sh
