#!/bin/bash
# Session av, call 1 (carry ["dist/humming-runtime.tar.xz", "dist/COMMIT",
# "peers"]; dist built at 515af44 = 251be63 + the whole-iterations guard,
# 8d57b57 of branch exp/whole-iterations, cherry-picked).
# 1. The suite's wgmma and shapes tiers on 515af44 (the guard removes the
#    per-k-block compare where every split-K unit is whole iterations; the
#    branch passed 49 of 49 checks in session au, not the tiers).
#    Prediction: every layer passes.
# 2. The final run with Marlin in the same run. Prediction: 4096 x 11008
#    W4A16 g128 at M = 32 / 64 / 80 / 128 0.0-1.0 us faster than
#    bench-2026-12-05-6abd19e (section 104); every other cell within its
#    run-to-run spread (M <= 16 kernels are mma.sync, untouched).
set -u
source scripts/runtime-env.sh
date +%T
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=150 HUMMING_VALIDATE_ONLY=1 timeout 200 \
  bash scripts/device-validate.sh wgmma shapes > $OUT/val.log 2>&1
echo "validate rc $?"; tail -12 $OUT/val.log
date +%T
bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"
date +%T
OUT=$OUT/full timeout 200 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; tail -3 $OUT/full.log
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
date +%T
bash scripts/bundle-out.sh
