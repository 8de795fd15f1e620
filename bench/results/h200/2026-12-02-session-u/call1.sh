#!/bin/bash
# Session u, call 1: k16 steps decoded per wgmma fence (branch
# exp/fence-steps, HUMMING_EXP_FENCE_STEPS = 1 (main's kernels), 2, 4), the
# planner's 17..64-row wgmma kernels, three rounds in turn, each with its own
# kernel cache. The harness's correctness gate checks every kernel first.
set -u
log=$OUT/fence.log
for r in 1 2; do
  for g in 1 2 4; do
    HUMMING_EXP_FENCE_STEPS=$g HUMMING_CACHE_DIR=/tmp/humming-fence-$g OUT=$OUT/g$g-r$r \
      timeout 150 bash bench/run.sh --cases w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel \
      --shapes 8192x8192,28672x4096,4096x11008 --ms 32,48,64 --reps 15 --sweeps 2 --no-graph \
      --peers /nonexistent > $OUT/g$g-r$r.log 2>&1
    echo "g$g round $r rc $?" | tee -a $log
    grep -E "^## |^\| (humming-mlir|impl) " $OUT/g$g-r$r.log | tee -a $log
    grep -iE "gate|error|fail" $OUT/g$g-r$r.log | head -3 | tee -a $log
  done
done
bash scripts/bundle-out.sh
