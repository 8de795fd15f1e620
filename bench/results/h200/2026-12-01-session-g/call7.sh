#!/bin/bash
# Session g, call 7: with the wgmma partials cheaper (section 18), do more
# K splits at 33..64 rows pay now? The planner's 33..64 wgmma kernel (one
# CTA per SM) against one warpgroup at 2 CTAs per SM with twice the splits
# (or half-width tiles), W4A16 channel, M = 40 / 64, no peers.
source scripts/runtime-env.sh
P8="1-16:16x256x64:1x8x1:s8:k4,17-32:32x128x64:1x4x1:s8:k4:c2"; T8="65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1"
P11="1-16:16x256x64:1x8x1:s8:k3,17-32:32x128x64:1x4x1:s8:k3:c2"; T11="65-128:128x128x64:2x2x1:s4:k1,129-:128x128x64:2x2x1:s4:k1"
P4="1-16:16x256x64:1x8x1:s8:k8,17-32:32x128x64:1x2x1:s12:k4:wg"; T4="65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1"
run() { sh=$1; shift; OUT=$OUT/$sh timeout 80 bash bench/run.sh --cases w4a16-int4-channel --shapes $sh --ms 40,64 --reps 15 --sweeps 2 --no-graph "$@" > $OUT/v-$sh.log 2>&1; echo "== $sh"; grep -E "^\| humming-mlir" $OUT/v-$sh.log; }
run 8192x8192 --variant w1c2k4=dispatch=$P8,33-64:64x128x64:1x1x1:s8:k4:c2:wg,$T8 --variant n64c2k2=dispatch=$P8,33-64:64x64x64:1x1x1:s8:k2:c2:wg,$T8
run 11008x4096 --variant w1c2k3=dispatch=$P11,33-64:64x128x64:1x1x1:s8:k3:c2:wg,$T11
run 4096x11008 --variant w1c2k8=dispatch=$P4,33-64:64x128x64:1x1x1:s8:k8:c2:wg,$T4
bash scripts/bundle-out.sh
