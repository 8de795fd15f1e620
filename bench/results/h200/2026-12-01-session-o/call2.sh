#!/bin/bash
# Session o, call 2 (exp/swapped-mma's runtime, ee422cc): the planner's table
# with its 1..8 rows on the swapped 8-row copy of the same tile (the 16-row
# tile keeps 9..16), on the other shapes of issue 4 and for W8A16, twice.
source scripts/runtime-env.sh
run() {  # name case shape table
  OUT=$OUT/$1 timeout 90 bash bench/run.sh --cases $2 --shapes $3 --ms 1,4,8 --reps 15 --sweeps 2 --no-graph --variant "sw=dispatch=$4" > $OUT/$1.log 2>&1
  echo "$1 $2 $3 rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/$1.log; grep -iE "gate|error" $OUT/$1.log | head -3
}
for i in 1 2; do
run w4a16-28672x4096-$i w4a16-int4-channel 28672x4096 "1-8:8x128x64:1x4x1:s16:k1:c2:sw,9-16:16x128x64:1x4x1:s16:k1:c2,17-32:32x128x64:1x1x1:s12:k1:c2:wg,33-64:64x128x64:1x2x1:s8:k1:c2:wg,65-:128x128x64:2x2x1:s4:k1"
run w4a16-11008x4096-$i w4a16-int4-channel 11008x4096 "1-8:8x256x64:1x8x1:s8:k3:sw,9-16:16x64x64:1x2x4:s16:k1:c2,17-32:32x64x64:1x1x1:s6:kc2:c3:wg,33-64:64x64x64:1x1x1:s6:kc2:c3:wg,65-:128x128x64:2x2x1:s4:k1"
run w4a16-4096x11008-$i w4a16-int4-channel 4096x11008 "1-8:8x128x64:1x4x2:s16:k4:sw,9-16:16x128x64:1x4x2:s16:k4,17-32:32x128x64:1x2x1:s16:k4:wg,33-64:64x128x64:1x2x1:s16:k4:wg,65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1"
run w8a16-8192x8192-$i w8a16-int8-channel 8192x8192 "1-8:8x64x64:1x2x4:s16:k1:sw,9-16:16x64x64:1x2x4:s16:k1,17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x64x64:1x1x1:s6:k3:c3:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1"
run w8a16-4096x4096-$i w8a16-int8-channel 4096x4096 "1-8:8x64x64:1x2x4:s16:k2:sw,9-16:16x64x64:1x2x4:s16:k2,17-32:32x128x64:1x2x1:s12:k4:wg,33-64:64x128x64:1x2x1:s12:k4:wg,65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1"
done
bash scripts/bundle-out.sh
