#!/bin/bash
# Session i, call 4: the planner's 16-stage wgmma kernels at 17..64 rows
# (4-bit channel) against the previous planner's, and one warpgroup of one
# weight tile (64 columns: 128 tiles, no K split) with 16 / 20 stages, for
# 4-bit and 8-bit channel, M = 32 / 64, 2 sweeps x 15 calls, no peers.
source scripts/runtime-env.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv
run() { sh=$1; cases=$2; ms=$3; shift 3; OUT=$OUT/$sh-$cases-$ms timeout 150 bash bench/run.sh --cases $cases --shapes $sh --ms $ms --reps 15 --sweeps 2 --no-graph "$@" > $OUT/v-$sh-$cases-$ms.log 2>&1; echo "== $sh $cases"; grep -E "^\| humming-mlir" $OUT/v-$sh-$cases-$ms.log; grep -iE "gate|error|fail" $OUT/v-$sh-$cases-$ms.log | head -3; }
H=1-16:16x256x64:1x8x1:s8:k4
L=65-:128x128x64:2x2x1:s4:k1
run 8192x8192 w4a16-int4-channel 32,64 \
  --variant old=dispatch=$H,17-32:32x128x64:1x4x1:s8:k4:c2,33-64:64x128x64:1x2x1:s12:k2:wg,$L \
  --variant wg1s16=dispatch=$H,17-32:32x64x64:1x1x1:s16:k1:wg,33-64:64x64x64:1x1x1:s16:k1:wg,$L \
  --variant wg1s20=dispatch=$H,17-32:32x64x64:1x1x1:s20:k1:wg,33-64:64x64x64:1x1x1:s20:k1:wg,$L
run 8192x8192 w8a16-int8-channel 32,64 \
  --variant wg1s16=dispatch=$H,17-32:32x64x64:1x1x1:s16:k1:wg,33-64:64x64x64:1x1x1:s16:k1:wg,$L
run 4096x4096 w4a16-int4-channel 32,64 \
  --variant old=dispatch=1-16:16x128x64:1x4x2:s16:k4,17-32:32x128x64:1x2x1:s12:k4:wg,33-64:64x128x64:1x2x1:s12:k4:wg,$L
bash scripts/bundle-out.sh
