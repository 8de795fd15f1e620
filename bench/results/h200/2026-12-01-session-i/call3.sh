#!/bin/bash
# Session i, call 3: (a) the planner's new M <= 16 shapes (deep pipelines on
# narrower tiles: 8-bit codes 64 columns, 4-bit 128 columns where 4+ splits)
# against the previous planner's 16 x 256 tile, M = 1 / 4 / 16, at the
# shapes they change; (b) 16 stages (four k-blocks per iteration) for the
# 17..64-row wgmma kernels, M = 32 / 64. 2 sweeps x 15 calls, no peers.
source scripts/runtime-env.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv
run() { sh=$1; cases=$2; ms=$3; shift 3; OUT=$OUT/$sh-$cases-$ms timeout 150 bash bench/run.sh --cases $cases --shapes $sh --ms $ms --reps 15 --sweeps 2 --no-graph "$@" > $OUT/v-$sh-$cases-$ms.log 2>&1; echo "== $sh $cases"; grep -E "^\| humming-mlir" $OUT/v-$sh-$cases-$ms.log; grep -iE "gate|error|fail" $OUT/v-$sh-$cases-$ms.log | head -3; }
T4=17-32:32x128x64:1x2x1:s12:k4:wg,33-64:64x128x64:1x2x1:s12:k4:wg,65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1
run 4096x4096 w4a16-int4-channel,w8a16-int8-channel 1,4,16 --variant old=dispatch=1-16:16x256x64:1x8x1:s8:k8,$T4
run 4096x11008 w4a16-int4-channel,w8a16-int8-channel 1,4,16 --variant old=dispatch=1-16:16x256x64:1x8x1:s8:k8,$T4
run 8192x8192 w8a16-int8-channel 1,4,16 --variant old=dispatch=1-16:16x256x64:1x8x1:s8:k4,17-32:32x128x64:1x2x2:s8:k2,33-64:64x128x64:1x2x1:s12:k2:wg,65-:128x128x64:2x2x1:s4:k1
run 8192x8192 w4a16-int4-channel 32,64 \
  --variant s16=dispatch=1-16:16x256x64:1x8x1:s8:k4,17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x128x64:1x2x1:s16:k2:wg,65-:128x128x64:2x2x1:s4:k1
run 4096x11008 w4a16-int4-channel 32,64 \
  --variant s16=dispatch=1-16:16x128x64:1x4x2:s16:k4,17-32:32x128x64:1x2x1:s16:k4:wg,33-64:64x128x64:1x2x1:s16:k4:wg,65-:128x128x64:2x2x1:s4:k1
bash scripts/bundle-out.sh
