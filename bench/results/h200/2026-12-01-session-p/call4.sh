#!/bin/bash
# Session p, call 4 (main's runtime, e45e6a2's kernels): at M = 1..8 the
# 8192^2 layers run two CTAs of 4 warps per SM (8 x 128 swapped tiles, 4 K
# splits, 256 CTAs; sections 37-39), the other W4A16 shapes one CTA of 8
# warps: 11008 x 4096 8 x 256 (3 splits, 129 CTAs), 4096 x 11008 and
# 4096^2 8 x 128 of 4 x 2 warps (4 splits, 128 CTAs; g128 8 x 256, 8
# splits). These are the shapes under 3x cuBLAS at M = 1. Variants of the
# 1..8 entry, the rest of the planner's table unchanged:
#   c2   8 x 128 of 4 warps at 2 CTAs per SM, splits to fill the 264 slots
#   c2h  8 x 64 of 2 x 2 warps (2 along K) at 2 CTAs per SM, 4 splits
# Prediction: 0.2-0.6 us at M = 1..8 where the 2-CTA form has 8+ k-blocks a
# split (section 37: two CTAs of 4 warps overlap one's decode with the
# other's wait), none at 4096^2 (8 k-blocks a split: the unit is its
# prologue).
source scripts/runtime-env.sh
v() { # entry spec -> the planner's table with its first entry replaced
  T=$(bench/plan-table.sh "$2 target=h200"); echo "$1,${T#*,}"; }
run() { # name case shape spec variant...
  name=$1 case=$2 shape=$3 spec=$4; shift 4
  args=(); for x in "$@"; do args+=(--variant "${x%%=*}=dispatch=$(v "${x#*=}" "$spec")"); done
  OUT=$OUT/$name timeout 120 bash bench/run.sh --cases $case --shapes $shape --ms 1,4,8 --reps 15 --sweeps 2 --no-graph "${args[@]}" > $OUT/$name.log 2>&1
  echo "$name rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/$name.log; grep -iE "gate|error" $OUT/$name.log | head -3
}
run ch11008 w4a16-int4-channel 11008x4096 "n=11008 k=4096 weight=int4 scale=channel" "c2=1-8:8x128x64:1x4x1:s8:k3:c2:sw"
run g11008 w4a16-int4-g128 11008x4096 "n=11008 k=4096 weight=int4 scale=group group_size=128" "c2=1-8:8x128x64:1x4x1:s8:k3:c2:sw"
run ch4096x11008 w4a16-int4-channel 4096x11008 "n=4096 k=11008 weight=int4 scale=channel" "c2=1-8:8x128x64:1x4x1:s8:k8:c2:sw" "c2h=1-8:8x64x64:1x2x2:s16:k4:c2:sw"
run ch4096 w4a16-int4-channel 4096x4096 "n=4096 k=4096 weight=int4 scale=channel" "c2=1-8:8x128x64:1x4x1:s8:k8:c2:sw" "c2h=1-8:8x64x64:1x2x2:s16:k4:c2:sw"
run g4096 w4a16-int4-g128 4096x4096 "n=4096 k=4096 weight=int4 scale=group group_size=128" "c2=1-8:8x128x64:1x4x1:s8:k8:c2:sw" "c2h=1-8:8x64x64:1x2x2:s16:k4:c2:sw"
bash scripts/bundle-out.sh
