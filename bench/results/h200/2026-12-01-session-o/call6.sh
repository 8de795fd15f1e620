#!/bin/bash
# Session o, call 6 (a14512b's runtime): stream-K for the swapped 1..8
# kernels where the planner's units leave SMs idle, as variants beside the
# planner, twice: 28672 x 4096 (224 unsplit 4-bit tiles on 264 CTA slots,
# 112 8-bit tiles on 132 SMs) and 8192^2 (256 4-bit units on 264 slots).
# Stream-K gives every CTA the same k-block count; section 8 measured it
# slower with the 16-row kernels of then.
source scripts/runtime-env.sh
W4="9-16:16x128x64:1x4x1:s16:k1:c2,17-32:32x128x64:1x1x1:s12:k1:c2:wg,33-64:64x128x64:1x2x1:s8:k1:c2:wg,65-:128x128x64:2x2x1:s4:k1"
W8="9-16:16x256x64:1x4x2:s8:k1,17-32:32x256x64:1x8x1:s8:k1,33-64:64x128x64:1x1x1:s6:k1:c2:wg,65-:128x128x64:2x2x1:s4:k1"
SQ="9-16:16x128x64:1x4x1:s8:k4:c2,17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x128x64:1x2x1:s16:k2:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1"
run() { # name cases shape variant...
  n=$1 c=$2 s=$3; shift 3
  OUT=$OUT/$n timeout 90 bash bench/run.sh --cases $c --shapes $s --ms 1,4,8 --reps 15 --sweeps 2 --no-graph "$@" > $OUT/$n.log 2>&1
  echo "$n rc $?"; grep -E "^## |^\| (humming-mlir|impl)" $OUT/$n.log; grep -iE "gate|error" $OUT/$n.log | head -3
}
for i in 1 2; do
run w4-28672-$i w4a16-int4-channel,w4a16-int4-g128 28672x4096 --variant "sk=dispatch=1-8:8x128x64:1x4x1:s16:sk:c2:sw,$W4"
run w8-28672-$i w8a16-int8-channel 28672x4096 --variant "sk=dispatch=1-8:8x256x64:1x4x2:s8:sk:sw,$W8"
run w4-8192-$i w4a16-int4-channel 8192x8192 --variant "sk=dispatch=1-8:8x128x64:1x4x1:s8:sk:c2:sw,$SQ"
done
bash scripts/bundle-out.sh
