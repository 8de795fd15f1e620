#!/bin/bash
# Session ap, call 1 (carry ["dist"]; dist = main at 0b5675b: the wgmma
# activation descriptor built as two 32-bit words (section 92);
# dist/base = 7bc2188, main's kernels before it).
# SASS (ptxas 13.0, here): the 4-bit channel 33..64 pair's loop 698 -> 675
# instructions an iteration of 8 k-blocks (uniform ops 148 -> 126), g128's
# 443 -> 436 an iteration of 4; scripts/wgmma-hazards.py clean.
# 1. Correctness: the wgmma tier (every wgmma kernel reads the descriptor);
#    memcheck on g128 24/64 rows and W8A16 128/256 rows.
# 2. A / B, base new base new: W4A16 channel, g128, W8A16 channel at
#    8192^2 and 4096 x 11008, M = 24 / 48 / 64 / 128 (the 17..32, 33..64
#    and 97..128 wgmma tiles). Prediction: 0-0.2 us faster (3 % fewer
#    instructions in a loop whose issue slots are a third busy, section
#    90's ncu: only where the descriptor's chain delayed an MMA), none
#    slower beyond the run-to-run 0.1-0.2.
set -u
source scripts/runtime-env.sh
d=bench/results/h200/2026-12-04-session-ap
date +%T
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=120 HUMMING_VALIDATE_ONLY=1 timeout 140 bash scripts/device-validate.sh wgmma > $OUT/val.log 2>&1
echo "validate rc $?"; tail -2 $OUT/val.log
timeout 60 bash scripts/memcheck-layers.sh < $d/call1-layers.txt > "$OUT/memcheck.txt" 2>&1
tail -2 "$OUT/memcheck.txt"
date +%T
timeout 330 bash bench/ab.sh dist/base/humming-runtime.tar.xz 2 \
  --shapes 8192x8192,4096x11008 --ms 24,48,64,128 --reps 15 --sweeps 2 \
  --no-graph --peers /nonexistent
date +%T
bash scripts/bundle-out.sh
