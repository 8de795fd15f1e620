#!/bin/bash
# Session h, call 6: at 33..64 rows, 2 warpgroups of one 64-column tile at 2
# CTAs per SM (call 1: faster than the planner's at 11008 x 4096 and 28672 x
# 4096 for W4A16 channel), W4A16 channel and g128 (128 registers at 2 CTAs
# per SM: the g128 sums spill), M = 33 / 40 / 64, 2 sweeps x 15 calls.
source scripts/runtime-env.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv
run() { sh=$1; cases=$2; shift 2; OUT=$OUT/$sh-$cases timeout 120 bash bench/run.sh --cases $cases --shapes $sh --ms 33,40,64 --reps 15 --sweeps 2 --no-graph "$@" > $OUT/v-$sh-$cases.log 2>&1; echo "== $sh $cases"; grep -E "^\| humming-mlir" $OUT/v-$sh-$cases.log; grep -iE "gate|error|fail" $OUT/v-$sh-$cases.log | head -3; }
T="65-128:128x128x64:2x2x1:s4:k1,129-:128x128x64:2x2x1:s4:k1"
run 11008x4096 w4a16-int4-channel,w4a16-int4-g128 --variant c2=dispatch=1-16:16x256x64:1x8x1:s8:k3,17-32:32x128x64:1x4x1:s8:k3:c2,33-64:64x128x64:1x2x1:s8:k3:c2:wg,$T
run 28672x4096 w4a16-int4-channel,w4a16-int4-g128 --variant c2=dispatch=1-16:16x256x64:1x4x2:s8:k1,17-32:32x128x64:1x1x1:s12:k1:c2:wg,33-64:64x128x64:1x2x1:s8:k1:c2:wg,$T
bash scripts/bundle-out.sh
