#!/bin/bash
# Session z, call 3 (main's runtime after the revert, kernels as ec967d8;
# carry ["dist"], about 5 min). No kernel change.
# Why is g128 slow on 32-column blocks? At 8192^2 and 1..8 rows they run
# 16.4-17.3 us against the same blocks' 12.9-13.0 for channel scales (call
# 1), and giving each K warp its own groups' sums (call 2) changed nothing,
# so the scale FMAs are not it. Two candidates left:
#  (a) the scale rows' DRAM pattern: a 32-column block reads 64 bytes of
#      each group's 16 KB scale row, 64 rows 16 KB apart per block;
#  (b) the per-k-block copy of the stage's scale row (4 threads, 4 chunks,
#      a branch) in the loop's refill, the same for every group size.
# Discriminator: the same blocks with group 64 / 128 / 512 (2x, 1x and 1/4
# of g128's scale rows; every k-block copies one row in all three).
# (a) predicts the gap to channel grows with the rows (g64 ~2x g128's,
# g512 ~1/4); (b) predicts about the same gap for all three.
# And the Nsight Compute profile of the channel and g128 32-column kernels
# at M = 1 (DRAM throughput, stall reasons, per-instruction samples).
set -u
source scripts/runtime-env.sh
run() {  # name case shape variant...
  local name=$1 case=$2 shape=$3; shift 3
  local args=()
  for v in "$@"; do args+=(--variant "$v"); done
  OUT=$OUT/$name timeout 150 bash bench/run.sh --cases $case --shapes $shape --ms 1,8 --reps 15 --sweeps 2 --no-graph --peers /nonexistent \
    "${args[@]}" > $OUT/$name.log 2>&1
  echo "$name rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/$name.log; grep -iE "gate|error|fail" $OUT/$name.log | head -3
}
t() { bench/plan-table.sh "$@"; }
n32=1-8:8x32x64:1x1x4:s32:k1:c2:sw
s="n=8192 k=8192 weight=int4 scale=channel target=h200"
run ch w4a16-int4-channel 8192x8192
for g in 64 128 512; do
  s="n=8192 k=8192 weight=int4 scale=group group_size=$g target=h200"
  run g$g w4a16-int4-g$g 8192x8192 "n32=dispatch=$(t "$s" $n32)"
done
tail="9-16:16x128x64:1x4x1:s8:k4:c2,17-:64x128x64:1x2x1:s16:k1:wg"
HUMMING_PROFILE_SOURCE=1 timeout 120 bash bench/profile.sh "n=8192 k=8192 weight=int4 scale=channel target=h200 dispatch=$n32,$tail" 1 > $OUT/profile.log 2>&1
HUMMING_PROFILE_SOURCE=1 timeout 120 bash bench/profile.sh "n=8192 k=8192 weight=int4 scale=group group_size=128 target=h200 dispatch=$n32,$tail" 1 >> $OUT/profile.log 2>&1
echo "profile rc $?"; cat $OUT/profile.log
xz -9 $OUT/profile/*.csv 2>/dev/null
bash scripts/bundle-out.sh
