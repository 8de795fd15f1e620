#!/bin/bash
# Session at, call 4 (carry ["dist"]). NOT RUN: no device was lent in
# session at; written for a later session.
# dist/exp-whole-iterations/humming-runtime.tar.xz: branch
# exp/whole-iterations (8187502, main 1ed0a29 + two changes; rebuild with
# scripts/build-static.sh in a worktree of it if main moved). Where every
# split-K unit's k-block count is a whole number of loop iterations (K, the
# splits and the group-scale alignment say so at compile time), the
# iteration's later k-blocks get no run-time guard. Main predicates their
# wgmmas on `first + j < kBlockCount`, which ptxas turns into a branch and
# warpgroup arrives around each MMA on every iteration (C7519): 4096 x
# 11008 g128's 17..128-row kernels carry 5 arrives an iteration more
# (7 -> 2, 13 -> 8 by the local SASS). Where LLVM could already prove the
# guard true nothing changes; the 8192^2 g128 and g64 bf16 17..64 pairs'
# PTX moves (their group-scale FFMAs' registers and order; same counts).
# With HUMMING_EXP_ALIGN_ITER=1 the wgmma kernels' K splits also start on
# whole iterations: 4096 x 11008 channel / int8 units of 43 k-blocks become
# 44 / 44 / 44 / 40 and lose their guarded MMAs too (5 injected arrives an
# iteration on their 17..128-row kernels), at 1 k-block more on the longest.
# 1. Correctness: call4-layers.txt through humming-run's reference check
#    (the changed kernels, the still-guarded K = 4160 split, an unchanged
#    control), memcheck on the first two layers.
# 2. A / B, 2 rounds, base = dist (main's kernels) against the branch:
#    4096 x 11008 g128 at M = 17 / 32 / 48 / 64 / 96 / 128, 8192^2 g128
#    at M = 48 / 64; and the branch against the branch with
#    HUMMING_EXP_ALIGN_ITER=1 on 4096 x 11008 channel and int8.
# Prediction: 4096 x 11008 g128 0.1-0.5 us faster at 17..128 rows (the
#    arrives section 99 took off the cluster pairs were worth 0.1-1.0);
#    8192^2 g128 at 48 / 64 within +-0.2 (same instructions, other
#    registers); aligned splits on 4096 x 11008 channel / int8 -0.1..+0.4
#    faster (the arrives against 2.3 % more k-blocks on the longest unit).
#    Land each where both rounds agree.
set -u
source bench/variants.sh
d=bench/results/h200/2026-12-04-session-at
new_lib=$(unpack_runtime dist/exp-whole-iterations/humming-runtime.tar.xz /tmp/wi-rt)
base_lib=$(unpack_runtime dist/humming-runtime.tar.xz /tmp/base-rt)
export HUMMING_LIBRARY=$new_lib
source scripts/runtime-env.sh
date +%T
HUMMING_CACHE_DIR=/tmp/wi-check timeout 150 bash scripts/check-layers.sh < $d/call4-layers.txt \
  > $OUT/layers.txt 2>&1
echo "check rc $?"; tail -1 $OUT/layers.txt
HUMMING_EXP_ALIGN_ITER=1 HUMMING_CACHE_DIR=/tmp/wi-check-align timeout 100 \
  bash scripts/check-layers.sh < $d/call4-align-layers.txt > $OUT/layers-align.txt 2>&1
echo "check align rc $?"; tail -1 $OUT/layers-align.txt
sed -n 1,2p $d/call4-layers.txt | HUMMING_CACHE_DIR=/tmp/wi-check timeout 120 \
  bash scripts/memcheck-layers.sh > $OUT/memcheck.txt 2>&1
echo "memcheck rc $?"; tail -1 $OUT/memcheck.txt
date +%T
RUNTIME_VARIANT_TIMEOUT=80
for round in 1 2; do
  for v in "base $base_lib $(cat dist/COMMIT)" "whole $new_lib 8187502"; do
    set -- $v
    runtime_variant $1-r$round $2 $3 -- --cases w4a16-int4-g128 \
      --shapes 4096x11008 --ms 17,32,48,64,96,128 --reps 15 --sweeps 2 --no-graph \
      --peers /nonexistent
    runtime_variant $1-8k-r$round $2 $3 -- --cases w4a16-int4-g128 \
      --shapes 8192x8192 --ms 48,64 --reps 15 --sweeps 2 --no-graph --peers /nonexistent
  done
  for v in "whole" "aligned HUMMING_EXP_ALIGN_ITER=1"; do
    set -- $v
    runtime_variant $1-ch-r$round $new_lib 8187502 ${2:-} -- \
      --cases w4a16-int4-channel,w8a16-int8-channel --shapes 4096x11008 \
      --ms 17,32,48,64,96,128 --reps 15 --sweeps 2 --no-graph --peers /nonexistent
  done
done
date +%T
bash scripts/bundle-out.sh
