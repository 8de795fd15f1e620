#!/bin/bash
# Session bj, call 1 (carry ["dist/humming-runtime.tar.xz", "dist/COMMIT", "peers"];
# dist = 4380ee5, main's kernels; peers/ = Marlin's sources and the
# git-ignored build script, never committed).
# 1. The final run of the benchmark at main (bench/run.sh, ANCHORS.md's
#    method) with Marlin in the same run: the first since 515af44; main's
#    M <= 64 kernels are the same, 65+ rows changed (four warpgroups for
#    4-bit groups and long-unit 4-bit channel). Prediction: M <= 64 cells
#    within their run-to-run spread of bench-2026-12-05-515af44 (W4A16
#    channel M = 1 12.2-12.4, W8A16 M = 1 / 16 20.0-20.4 / 21.0-21.2); M =
#    80 / 128 unchanged (those kernels did not change either).
# 2. The suite's smoke, shapes, wgmma and models tiers at main on the H200
#    (every hand table of the wgmma tier, the planner's tables at the five
#    shapes and seven model widths). Prediction: all pass.
set -u
LIMIT=${LIMIT:-560}
source scripts/runtime-env.sh
date +%T; nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $? $(date +%T)"
OUT=$OUT/full timeout 230 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $? $(date +%T)"; tail -3 $OUT/full.log
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
t=$((LIMIT - SECONDS - 40))
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=$((t - 20)) HUMMING_VALIDATE_ONLY=1 timeout $t \
  bash scripts/device-validate.sh smoke shapes wgmma models > $OUT/val.log 2>&1
echo "validate rc $? $(date +%T)"; tail -14 $OUT/val.log
bash scripts/bundle-out.sh
