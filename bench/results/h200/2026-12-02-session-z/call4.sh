#!/bin/bash
# Session z, call 4 (this commit's runtime in dist/, ec967d8's in dist/base/;
# carry ["dist"], about 8 min).
# Call 3 found where g128 loses on 32-column blocks: not the scale rows'
# DRAM pattern (g512, a quarter of g128's rows, lost as much: 3.8 us
# against 3.5) but the loop: Nsight Compute at M = 1 counted 200
# instructions per warp and iteration against the channel kernel's 146, the
# time in the same ratio (17.3 against 12.9 us), and a fifth of the stall
# samples at the barrier after the refill (warp 0 did every A, code and
# scale copy; warps 2-3 none).
# The change: a stage's copies dealt out over the warps (B from thread 0,
# A after it, the scale rows ending on the last thread), and the scale rows
# copied only into the stages that start a run (sums read no others). The
# g128 32-column loop: 244 -> 216 SASS instructions, 8 -> 2 BSSY; the
# channel one 178 -> 189 (its A and B copies no longer share a branch).
# 1. Correctness: smoke, tiles, swapped, wgmma and narrow tiers.
# 2. A / B against ec967d8 (2 rounds): the planner's kernels, channel and
#    g128, 8192^2, 4096^2, 11008 x 4096, M = 1 / 8 / 16 / 64.
#    Prediction: channel 32-column kernels (8192^2, 11008 x 4096 at M <=
#    8) 0-0.3 us faster (copies balanced) or equal; others within +-0.2.
# 3. Variants: 8192^2 g128 on 32-column blocks (call 3: 16.4 / 17.2 at M
#    = 1 / 8): prediction 14.5-15.5, still slower than the planner's 13.9.
set -u
source scripts/runtime-env.sh
t() { bench/plan-table.sh "$@"; }
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=150 bash scripts/device-validate.sh smoke tiles swapped wgmma narrow > $OUT/val.log 2>&1
echo "validate rc $?"; tail -3 $OUT/val.log; grep -E '"(layers_checked|checks|passed)"' $OUT/val/validate-summary.txt
OUT=$OUT/ab timeout 260 bash bench/ab.sh dist/base/humming-runtime.tar.xz 2 --cases w4a16-int4-channel,w4a16-int4-g128 --shapes 8192x8192,4096x4096,11008x4096 --ms 1,8,16,64 --reps 12 --sweeps 1 --no-graph --peers /nonexistent > $OUT/ab.log 2>&1
echo "ab rc $?"; grep -v "^$" $OUT/ab.log | grep -v "^Date" | head -60
s="n=8192 k=8192 weight=int4 scale=group group_size=128 target=h200"
OUT=$OUT/g128 timeout 100 bash bench/run.sh --cases w4a16-int4-g128 --shapes 8192x8192 --ms 1,8 --reps 15 --sweeps 2 --no-graph --peers /nonexistent \
  --variant "n32=dispatch=$(t "$s" 1-8:8x32x64:1x1x4:s32:k1:c2:sw)" > $OUT/g128.log 2>&1
echo "g128 rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/g128.log; grep -iE "gate|error|fail" $OUT/g128.log | head -3
bash scripts/bundle-out.sh
