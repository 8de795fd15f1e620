#!/bin/bash
# Session at, call 3 (carry ["dist"]). NOT RUN: no device was lent in
# session at; written for a later session, after calls 1 and 2.
# dist/exp-fence-wide/humming-runtime.tar.xz: branch exp/fence-wide (main +
# HUMMING_EXP_FENCE_WIDE; rebuild it with scripts/build-static.sh in a
# worktree of that branch if main moved). Unset, its kernels are main's.
# =1: two wgmma k16 steps a fence also on the 64-row single-tile kernels
# without a cluster split (the workspace-split and unsplit 33..64 tiles of
# 4096^2, 4096 x 11008, 28672 x 4096); =2: also where group runs are one
# k-block or less (g64 and finer). Section 99 measured the rule only on the
# cluster pairs (0.1-1.0 us faster) and left these at a fence per step.
# 1. Correctness with =2 (covers =1's kernels): call3-layers.txt through
#    humming-run's reference check, memcheck on two layers.
# 2. A / B at M = 48 / 64, 2 rounds: base (unset) against w1 on the three
#    shapes' channel, g128 and int8 cases, and against w2 on g64 at 8192^2
#    and 4096^2.
# Prediction: w1 0.0-0.4 us faster on the workspace-split tiles (their
#    loops are the cluster pairs' loops with another end), within +-0.2 on
#    the 28672 x 4096 unsplit 2-CTA tiles; w2 on g64 -0.3..+0.5 (its sums
#    per k-block are the binding cost, section 90, not the arrives).
#    Take a form only where both rounds agree by 0.2 or more.
set -u
source bench/variants.sh
export HUMMING_LIBRARY=$(unpack_runtime dist/exp-fence-wide/humming-runtime.tar.xz /tmp/fw-rt)
source scripts/runtime-env.sh
d=bench/results/h200/2026-12-04-session-at
date +%T
HUMMING_EXP_FENCE_WIDE=2 HUMMING_CACHE_DIR=/tmp/fw-check timeout 120 \
  bash scripts/check-layers.sh < $d/call3-layers.txt > $OUT/layers.txt 2>&1
echo "check rc $?"; tail -1 $OUT/layers.txt
sed -n 1,2p $d/call3-layers.txt | HUMMING_EXP_FENCE_WIDE=2 HUMMING_CACHE_DIR=/tmp/fw-check \
  timeout 90 bash scripts/memcheck-layers.sh > $OUT/memcheck.txt 2>&1
echo "memcheck rc $?"; tail -1 $OUT/memcheck.txt
date +%T
RUNTIME_VARIANT_TIMEOUT=60
for round in 1 2; do
  for v in "base" "w1 HUMMING_EXP_FENCE_WIDE=1"; do
    set -- $v
    runtime_variant $1-r$round "$HUMMING_LIBRARY" fence-wide ${2:-} -- \
      --shapes 4096x4096,4096x11008,28672x4096 --ms 48,64 --reps 15 --sweeps 2 \
      --no-graph --peers /nonexistent
  done
  for v in "g64base" "g64w2 HUMMING_EXP_FENCE_WIDE=2"; do
    set -- $v
    runtime_variant $1-r$round "$HUMMING_LIBRARY" fence-wide ${2:-} -- \
      --cases w4a16-int4-g64 --shapes 8192x8192,4096x4096 --ms 48,64 --reps 15 \
      --sweeps 2 --no-graph --peers /nonexistent
  done
done
date +%T
bash scripts/bundle-out.sh
