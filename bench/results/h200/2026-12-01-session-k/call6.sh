#!/bin/bash
# Session k, call 6 (0ac0530's runtime = be56d78's kernels): a lead for M <= 16,
# not a planner change: 16 x 128 tiles at 2 CTAs per SM with the K split as
# one cluster (c2kc: a cluster of 3-8 CTAs can then sit on half as many SMs)
# against the same without clusters (c2k) and the planner, W4A16 channel,
# M = 1 / 8 / 16, 2 sweeps x 15 calls.
source scripts/runtime-env.sh
v() { sh=$1; a=$2; b=$3; OUT=$OUT/v-$sh timeout 60 bash bench/run.sh --cases w4a16-int4-channel --shapes $sh --ms 1,8,16 --reps 15 --sweeps 2 --no-graph --variant c2kc=dispatch=$a --variant c2k=dispatch=$b > $OUT/v-$sh.log 2>&1; echo "== $sh rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/v-$sh.log; }
v 8192x8192 1-16:16x128x64:1x4x1:s16:kc4:c2,17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x128x64:1x2x1:s16:k2:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1 1-16:16x128x64:1x4x1:s16:k4:c2,17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x128x64:1x2x1:s16:k2:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1
v 11008x4096 1-16:16x128x64:1x4x1:s16:kc3:c2,17-32:32x64x64:1x1x1:s6:kc2:c3:wg,33-64:64x64x64:1x1x1:s6:kc2:c3:wg,65-:128x128x64:2x2x1:s4:k1 1-16:16x128x64:1x4x1:s16:k3:c2,17-32:32x64x64:1x1x1:s6:kc2:c3:wg,33-64:64x64x64:1x1x1:s6:kc2:c3:wg,65-:128x128x64:2x2x1:s4:k1
v 4096x11008 1-16:16x128x64:1x4x1:s16:kc8:c2,17-32:32x128x64:1x2x1:s16:k4:wg,33-64:64x128x64:1x2x1:s16:k4:wg,65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1 1-16:16x128x64:1x4x1:s16:k8:c2,17-32:32x128x64:1x2x1:s16:k4:wg,33-64:64x128x64:1x2x1:s16:k4:wg,65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1
v 4096x4096 1-16:16x128x64:1x4x1:s16:kc8:c2,17-32:32x128x64:1x2x1:s16:k4:wg,33-64:64x128x64:1x2x1:s16:k4:wg,65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1 1-16:16x128x64:1x4x1:s16:k8:c2,17-32:32x128x64:1x2x1:s16:k4:wg,33-64:64x128x64:1x2x1:s16:k4:wg,65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1
bash scripts/bundle-out.sh
