#!/bin/bash
# Session h, call 1: more warps per SM at 33..64 rows. The planner's wgmma
# kernel (8 warps per SM, latency-bound: call g4) against 4 warpgroups of one
# 64-column weight tile each (64 x 256, 16 warps, 128 registers) and 2
# warpgroups at 2 CTAs per SM (64 x 128, 16 warps), W4A16 channel / g128 and
# W8A16 channel, M = 40 / 64, 2 sweeps x 15 calls, no peers.
source scripts/runtime-env.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv
run() { sh=$1; cases=$2; shift 2; OUT=$OUT/$sh-$cases timeout 100 bash bench/run.sh --cases $cases --shapes $sh --ms 40,64 --reps 15 --sweeps 2 --no-graph "$@" > $OUT/v-$sh-$cases.log 2>&1; echo "== $sh $cases"; grep -E "^\| humming-mlir" $OUT/v-$sh-$cases.log; grep -iE "gate|error|fail" $OUT/v-$sh-$cases.log | head -3; }
while read sh pre post ka kb; do
  for cases in w4a16-int4-channel w4a16-int4-g128; do
    [ $cases = w4a16-int4-g128 ] && [ $sh != 8192x8192 ] && continue
    run $sh $cases --variant wg4=dispatch=$pre,33-64:64x256x64:1x4x1:s12:k$ka:wg,$post \
                   --variant c2=dispatch=$pre,33-64:64x128x64:1x2x1:s8:k$kb:c2:wg,$post
  done
done <<'T'
8192x8192 1-16:16x256x64:1x8x1:s8:k4,17-32:32x128x64:1x4x1:s8:k4:c2 65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1 4 4
28672x4096 1-16:16x256x64:1x4x2:s8:k1,17-32:32x128x64:1x1x1:s12:k1:c2:wg 65-128:128x128x64:2x2x1:s4:k1,129-:128x128x64:2x2x1:s4:k1 1 1
11008x4096 1-16:16x256x64:1x8x1:s8:k3,17-32:32x128x64:1x4x1:s8:k3:c2 65-128:128x128x64:2x2x1:s4:k1,129-:128x128x64:2x2x1:s4:k1 3 3
4096x11008 1-16:16x256x64:1x8x1:s8:k8,17-32:32x128x64:1x2x1:s12:k4:wg 65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1 8 8
4096x4096 1-16:16x256x64:1x8x1:s8:k8,17-32:32x128x64:1x2x1:s12:k4:wg 65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1 8 8
T
# int8: the stage is twice the bytes; fewer stages.
run 8192x8192 w8a16-int8-channel \
  --variant wg4=dispatch=1-16:16x256x64:1x8x1:s8:k4,17-32:32x128x64:1x4x1:s8:k4:c2,33-64:64x256x64:1x4x1:s8:k4:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1 \
  --variant c2=dispatch=1-16:16x256x64:1x8x1:s8:k4,17-32:32x128x64:1x4x1:s8:k4:c2,33-64:64x128x64:1x2x1:s6:k4:c2:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1
bash scripts/bundle-out.sh
