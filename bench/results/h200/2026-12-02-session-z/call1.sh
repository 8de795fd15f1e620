#!/bin/bash
# Session z, call 1 (main's runtime at ec967d8, carry ["dist"], about 6 min).
# 1. The review mend (912688b) moved the warps' code offsets onto
#    weightRunWord and shortened the wgmma kernels' address arithmetic
#    (same offsets on paper, PTX compared here): the smoke, tiles, swapped,
#    wgmma and narrow tiers on the GPU, sanitizer and pytest.
# 2. Leads left by session y (dispatch variants, the harness's gate on every
#    cell):
#    - 8192^2 channel 9..16 rows on 32-column blocks at 3 CTAs per SM (at 2
#      they were 1.5 us slower; 11008 x 4096 gained 0.9 at 3).
#      Prediction: 0-0.5 slower than the planner's 14.8 (264 blocks fill 2
#      per SM, not 3: at 3 per SM the last wave is 264 / 396).
#    - 8192^2 g128 1..8 on 32-column blocks, 2 warps along K at 3 CTAs per
#      SM (each warp half the k16 steps; at 4 warps and 2 per SM they were
#      16.6 against the planner's 13.8). Prediction: 0.5-1.5 slower than the
#      planner (every warp still applies both groups' scales).
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
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=200 bash scripts/device-validate.sh smoke tiles swapped wgmma narrow > $OUT/val.log 2>&1
echo "validate rc $?"; tail -15 $OUT/val.log
s="n=8192 k=8192 weight=int4 scale=channel target=h200"
run ch-8192 w4a16-int4-channel 8192x8192 "c3=dispatch=$(t "$s" 9-16:16x32x64:1x1x4:s16:k1:c3)"
s="n=8192 k=8192 weight=int4 scale=group group_size=128 target=h200"
run g128-8192 w4a16-int4-g128 8192x8192 "n32w4c2=dispatch=$(t "$s" 1-8:8x32x64:1x1x4:s32:k1:c2:sw)" "n32w2c3=dispatch=$(t "$s" 1-8:8x32x64:1x1x2:s32:k1:c3:sw)"
bash scripts/bundle-out.sh
