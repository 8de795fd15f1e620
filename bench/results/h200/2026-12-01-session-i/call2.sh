#!/bin/bash
# Session i, call 2: four k-blocks per iteration in deep pipelines (stages a
# multiple of 4, >= 16; s18 and s22 keep two), for the 64- and 128-column
# M <= 16 tiles of call 1 and the planner's 256-column one, against the
# planner, M = 1 / 16, 2 sweeps x 15 calls, no peers.
source scripts/runtime-env.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv
T=17-:128x128x64:2x2x1:s4:k1
run() { sh=$1; cases=$2; shift 2; OUT=$OUT/$sh-$cases timeout 150 bash bench/run.sh --cases $cases --shapes $sh --ms 1,16 --reps 15 --sweeps 2 --no-graph "$@" > $OUT/v-$sh-$cases.log 2>&1; echo "== $sh $cases"; grep -E "^\| humming-mlir" $OUT/v-$sh-$cases.log; grep -iE "gate|error|fail" $OUT/v-$sh-$cases.log | head -3; }
run 8192x8192 w4a16-int4-channel,w4a16-int4-g128 \
  --variant n64s16=dispatch=1-16:16x64x64:1x2x4:s16:k1,$T \
  --variant n64s18=dispatch=1-16:16x64x64:1x2x4:s18:k1,$T \
  --variant n64s24=dispatch=1-16:16x64x64:1x2x4:s24:k1,$T \
  --variant n128s16k2=dispatch=1-16:16x128x64:1x4x2:s16:k2,$T \
  --variant n256s16k4=dispatch=1-16:16x256x64:1x8x1:s16:k4,$T
run 8192x8192 w8a16-int8-channel \
  --variant n64s16=dispatch=1-16:16x64x64:1x2x4:s16:k1,$T \
  --variant n64s18=dispatch=1-16:16x64x64:1x2x4:s18:k1,$T \
  --variant n64s20=dispatch=1-16:16x64x64:1x2x4:s20:k1,$T
run 4096x4096 w4a16-int4-channel \
  --variant n64s32k2=dispatch=1-16:16x64x64:1x2x4:s32:k2,$T \
  --variant n64s16k2=dispatch=1-16:16x64x64:1x2x4:s16:k2,$T \
  --variant n128s16k4=dispatch=1-16:16x128x64:1x4x2:s16:k4,$T
run 11008x4096 w4a16-int4-channel \
  --variant n64s16c2=dispatch=1-16:16x64x64:1x2x4:s16:k1:c2,$T \
  --variant n128s16k2c2=dispatch=1-16:16x128x64:1x4x2:s16:k2:c2,$T
run 4096x11008 w4a16-int4-channel \
  --variant n64s32k2=dispatch=1-16:16x64x64:1x2x4:s32:k2,$T \
  --variant n128s16k4=dispatch=1-16:16x128x64:1x4x2:s16:k4,$T
bash scripts/bundle-out.sh
