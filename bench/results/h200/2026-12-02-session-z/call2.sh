#!/bin/bash
# Session z, call 2 (this commit's runtime in dist/, ec967d8's in dist/base/,
# carry ["dist"], about 9 min).
# The change: mma.sync warps along K take whole k-blocks of an iteration
# where group scales are on sums (kernel::kWarpBlocks), so a warp's sums
# belong to its own groups and it loads and applies one group's scales per
# run it holds, not every group of the iteration. Kernels without group
# sums on K warps compile to the same PTX as before (compared here).
# 1. Correctness: smoke, tiles, swapped and narrow tiers (K-warp kernels
#    with g64 / g128 sums are in tiles and narrow), sanitizer, pytest.
# 2. The planner's kernels it changes on the H200 (4096^2 g128 at 1..16
#    rows: 2 warps along K): A / B against ec967d8, 2 rounds; 8192^2 g128 as
#    the control (its kernels are unchanged). Prediction: within +-0.3 us
#    (the warps' FMA tail halves, the loop is the same size).
# 3. Variants on the new runtime, 8192^2 g128 1..8 rows on 32-column blocks
#    (call 1: 4 K warps at 2 CTAs per SM 16.4-17.3, 2 K warps at 3 per SM
#    14.9-15.5, planner 13.9-14.1): prediction 4 K warps c2 14.5-15.5, 2 K
#    warps c3 13.8-14.4 (each warp one whole group run), 4 K warps c3 at 16
#    stages 14-15. And 11008 x 4096 g128 on 32-column blocks at 3 CTAs per
#    SM (channel gained 1.1-1.6 there): prediction 0.3-1.0 faster than the
#    planner at 1..8, equal at 16.
set -u
source scripts/runtime-env.sh
run() {  # name case shape variant...
  local name=$1 case=$2 shape=$3; shift 3
  local args=()
  for v in "$@"; do args+=(--variant "$v"); done
  OUT=$OUT/$name timeout 150 bash bench/run.sh --cases $case --shapes $shape --ms 1,4,8,16 --reps 15 --sweeps 2 --no-graph --peers /nonexistent \
    "${args[@]}" > $OUT/$name.log 2>&1
  echo "$name rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/$name.log; grep -iE "gate|error|fail" $OUT/$name.log | head -3
}
t() { bench/plan-table.sh "$@"; }
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=170 bash scripts/device-validate.sh smoke tiles swapped narrow > $OUT/val.log 2>&1
echo "validate rc $?"; tail -4 $OUT/val.log; grep -E '"(layers_checked|checks|passed)"' $OUT/val/validate-summary.txt
OUT=$OUT/ab timeout 230 bash bench/ab.sh dist/base/humming-runtime.tar.xz 2 --cases w4a16-int4-g128 --shapes 4096x4096,8192x8192 --ms 1,4,8,16 --reps 15 --sweeps 1 --no-graph --peers /nonexistent > $OUT/ab.log 2>&1
echo "ab rc $?"; cat $OUT/ab.log | grep -v "^$" | head -40
s="n=8192 k=8192 weight=int4 scale=group group_size=128 target=h200"
run g128-8192 w4a16-int4-g128 8192x8192 "w4c2=dispatch=$(t "$s" 1-8:8x32x64:1x1x4:s32:k1:c2:sw)" "w2c3=dispatch=$(t "$s" 1-8:8x32x64:1x1x2:s32:k1:c3:sw)" "w4c3=dispatch=$(t "$s" 1-8:8x32x64:1x1x4:s16:k1:c3:sw)"
s="n=11008 k=4096 weight=int4 scale=group group_size=128 target=h200"
run g128-11008x4096 w4a16-int4-g128 11008x4096 "c3=dispatch=$(t "$s" 1-8:8x32x64:1x1x4:s16:k1:c3:sw 9-16:16x32x64:1x1x4:s16:k1:c3)"
bash scripts/bundle-out.sh
