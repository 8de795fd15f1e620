#!/bin/bash
# Session aq, call 3 (carry ["dist", "peers"]; dist = branch
# refill-after-first at 20bc1e7; dist/base = 0b5675b).
# 20bc1e7 narrows call 2's rule to where it won: the late refill with
# shared copy addresses on wgmma tiles of more than 64 rows and on 33..64-
# row tiles with group-scale sums; every kernel is byte for byte either
# 0b5675b's or 77b66f9's (call 2), so call 2's cells stand for it.
# 1. A / B on the grouped formats call 2 did not run (g64, W8A16 g128, g512:
#    same rule, sums of runs of 1, 2 and 8 k-blocks), M = 48 / 64 / 128.
#    Prediction: 0-1 us faster at M = 48 / 64 as g128 (0.1-1.7), 0.5-5 at
#    M = 128; none slower beyond 0.2.
# 2. Correctness: the wgmma and shapes tiers (every changed kernel is a
#    wgmma one; the shapes tier has K tails, where the copies keep their
#    bound); memcheck on the changed kernel kinds (g128 64- and
#    128-row, int8 64- and 96-row, g64 8192^2's planner kernels).
# 3. The final run (Marlin rebuilt beside). Prediction against 0b5675b's
#    final run: M = 64 g128 8192^2 22.0 -> 21.8-22.0; M = 128 1-6 us
#    faster for g128 and W8A16 and at 4096-row N for channel; M <= 16
#    within run-to-run (kernels unchanged).
set -u
source scripts/runtime-env.sh
date +%T
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
OUT=$OUT/ab timeout 220 bash bench/ab.sh dist/base/humming-runtime.tar.xz 2 \
  --cases w4a16-int4-g64,w8a16-int8-g128,w4a16-int4-g512 --ms 48,64,128 \
  --reps 15 --sweeps 2 --no-graph --peers /nonexistent > $OUT/ab.log 2>&1
echo "ab rc $?"; grep -iE "gate|error" $OUT/ab.log | head -3
date +%T
bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=165 HUMMING_VALIDATE_ONLY=1 timeout 185 bash scripts/device-validate.sh wgmma shapes > $OUT/val.log 2>&1
echo "validate rc $?"; tail -3 $OUT/val.log
{
  echo "33,64,100,130 n=1000 k=1024 weight=uint4 scale=group group_size=128 dispatch=1-64:64x128x64:1x2x1:s16:k2:wg,65-:128x128x64:1x2x1:s8:k1:wg target=h200"
  echo "33,64,100,130 n=1000 k=1024 weight=int8 scale=channel bias=1 dispatch=1-64:64x128x64:1x2x1:s12:k2:wg,65-:96x128x64:1x2x1:s8:k1:wg target=h200"
  echo "48,130 n=8192 k=8192 weight=int4 scale=group group_size=64 target=h200"
} | bash scripts/memcheck-layers.sh > $OUT/sanitizer.txt 2>&1
echo "memcheck rc $?"; tail -1 $OUT/sanitizer.txt
date +%T
OUT=$OUT/full timeout 125 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; tail -3 $OUT/full.log
date +%T
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
bash scripts/bundle-out.sh
