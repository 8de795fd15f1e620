#!/bin/bash
# Session o, call 8 (a14512b's runtime): W8A16 at 1..8 rows, the swapped
# kernel's other shapes as variants beside the planner's, twice: 8192^2
# (planner 8 x 64, 2 x 4 warps, 16 stages, unsplit): 24 stages, 8 x 128
# tiles of 4 x 2 warps with 2 splits, 4 warps along K only; 11008 x 4096
# (planner 8 x 256, 8 warps, 8 stages, 3 splits): 12 stages, 8 x 64 unsplit
# at 2 CTAs per SM, 8 x 128 with 2 splits at 2 CTAs per SM.
source scripts/runtime-env.sh
R8="9-16:16x64x64:1x2x4:s16:k1,17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x64x64:1x1x1:s6:k3:c3:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1"
R11="9-16:16x256x64:1x8x1:s8:k3,17-32:32x64x64:1x1x1:s6:kc2:c3:wg,33-64:64x64x64:1x1x1:s6:kc2:c3:wg,65-:128x128x64:2x2x1:s4:k1"
run() { # name shape variant...
  n=$1 s=$2; shift 2
  OUT=$OUT/$n timeout 90 bash bench/run.sh --cases w8a16-int8-channel --shapes $s --ms 1,8 --reps 15 --sweeps 2 --no-graph "$@" > $OUT/$n.log 2>&1
  echo "$n rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/$n.log; grep -iE "gate|error" $OUT/$n.log | head -3
}
for i in 1 2; do
run sq-$i 8192x8192 --variant "s24=dispatch=1-8:8x64x64:1x2x4:s24:k1:sw,$R8" --variant "n128=dispatch=1-8:8x128x64:1x4x2:s16:k2:sw,$R8" --variant "k4=dispatch=1-8:8x64x64:1x1x4:s16:k1:sw,$R8"
run wide-$i 11008x4096 --variant "s12=dispatch=1-8:8x256x64:1x8x1:s12:k3:sw,$R11" --variant "n64c2=dispatch=1-8:8x64x64:1x2x4:s16:k1:c2:sw,$R11" --variant "n128c2=dispatch=1-8:8x128x64:1x4x2:s12:k2:c2:sw,$R11"
done
bash scripts/bundle-out.sh
