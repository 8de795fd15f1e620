#!/bin/bash
# Session i, call 5: 28672 x 4096 at M <= 16 runs 112 CTAs of 16 x 256 (no
# K split) on 132 SMs. Narrower tiles at 2 or 4 CTAs per SM fill them in one
# wave: 224 of 128 columns (2 CTAs per SM, 16 stages, 4 x 2 or 4 x 1 warps)
# or 448 of 64 (4 CTAs per SM, 12 stages, 2 x 2 warps). W4A16 channel,
# M = 1 / 16, 2 sweeps x 15 calls, no peers.
source scripts/runtime-env.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv
T=17-:128x128x64:2x2x1:s4:k1
run() { sh=$1; cases=$2; ms=$3; shift 3; OUT=$OUT/$sh-$cases-$ms timeout 150 bash bench/run.sh --cases $cases --shapes $sh --ms $ms --reps 15 --sweeps 2 --no-graph "$@" > $OUT/v-$sh-$cases-$ms.log 2>&1; echo "== $sh $cases"; grep -E "^\| humming-mlir" $OUT/v-$sh-$cases-$ms.log; grep -iE "gate|error|fail" $OUT/v-$sh-$cases-$ms.log | head -3; }
run 28672x4096 w4a16-int4-channel 1,16 \
  --variant n128x2c2=dispatch=1-16:16x128x64:1x4x2:s16:k1:c2,$T \
  --variant n128x1c2=dispatch=1-16:16x128x64:1x4x1:s16:k1:c2,$T \
  --variant n64c4=dispatch=1-16:16x64x64:1x2x2:s12:k1:c4,$T
bash scripts/bundle-out.sh
