#!/bin/bash
# Session j, call 5 (34000c4's runtime): 17..32-row variants, M = 20 / 32,
# 2 sweeps x 15 calls, each against the planner's table in the same run:
# g128 with the 16-stage 2-warpgroup wgmma tile (two sets of sums) instead
# of 2-CTA mma.sync (8192 x 8192) or 12-stage wgmma (4096 x 11008); W8A16
# with 16- or 12-stage wgmma instead of mma.sync (8192 x 8192) or 16
# instead of 12 stages (4096 x 11008).
source scripts/runtime-env.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv
v() { c=$1; sh=$2; shift 2; OUT=$OUT/v-$c-$sh timeout 120 bash bench/run.sh --cases $c --shapes $sh --ms 20,32 --reps 15 --sweeps 2 --no-graph "$@" > $OUT/v-$c-$sh.log 2>&1; echo "== $c $sh"; grep -E "^\| humming-mlir" $OUT/v-$c-$sh.log; grep -iE "gate|error" $OUT/v-$c-$sh.log | head -3; }
R8=65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1
v w4a16-int4-g128 8192x8192 --variant wg16=dispatch=1-16:16x256x64:1x8x1:s8:k4,17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x128x64:1x2x1:s16:k2:wg,$R8
v w4a16-int4-g128 4096x11008 --variant wg16=dispatch=1-16:16x256x64:1x8x1:s8:k8,17-32:32x128x64:1x2x1:s16:k4:wg,33-64:64x128x64:1x2x1:s12:k4:wg,65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1
v w8a16-int8-channel 8192x8192 --variant wg16=dispatch=1-16:16x64x64:1x2x4:s16:k1,17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x128x64:1x2x1:s12:k2:wg,$R8 --variant wg12=dispatch=1-16:16x64x64:1x2x4:s16:k1,17-32:32x128x64:1x2x1:s12:k2:wg,33-64:64x128x64:1x2x1:s12:k2:wg,$R8
v w8a16-int8-channel 4096x11008 --variant wg16=dispatch=1-16:16x64x64:1x2x4:s16:k2,17-32:32x128x64:1x2x1:s16:k4:wg,33-64:64x128x64:1x2x1:s12:k4:wg,65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1
bash scripts/bundle-out.sh
