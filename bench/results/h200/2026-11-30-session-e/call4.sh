#!/bin/bash
# Session e, call 4: the full benchmark with the wgmma planner (peers in the
# same run), then per shape the planner against the previous mma.sync table
# (60162f8's, as dispatch text) for int4 g128 and int8 at M = 32 / 64, whose
# wgmma kernels no variant run had measured.
source scripts/runtime-env.sh
OUT=$OUT/full timeout 240 bash bench/run.sh --ms 1,4,16,32,64 --reps 20 > $OUT/full.log 2>&1
grep -A40 "^## " $OUT/full.log | grep -E "^\||^## " | head -60
mv peers/humming-src peers/.humming-src
R=65-:128x128x64:2x2x1:s4:k1
while read sh old; do
  OUT=$OUT/v-$sh timeout 100 bash bench/run.sh --cases w4a16-int4-g128,w8a16-int8-channel --shapes $sh --ms 32,64 --reps 12 --sweeps 1 --no-graph \
     --variant mmasync=dispatch=$old,$R > $OUT/v-$sh.log 2>&1
  echo "== $sh"; grep -E "^\||^## " $OUT/v-$sh.log | head -20; grep -iE "gate|error" $OUT/v-$sh.log | head -5
done <<'T'
8192x8192 1-16:16x256x64:1x8x1:s8:k4,17-32:32x128x64:1x2x2:s8:k2,33-64:64x128x64:1x4x1:s8:k2
28672x4096 1-16:16x256x64:1x4x2:s8:k1,17-32:32x256x64:1x8x1:s8:k1,33-64:64x256x64:1x8x1:s6:k1
11008x4096 1-16:16x256x64:1x8x1:s8:k3,17-32:32x256x64:1x8x1:s8:k3,33-64:64x256x64:1x8x1:s6:k3
4096x11008 1-16:16x256x64:1x8x1:s8:k8,17-32:32x128x64:1x2x2:s8:k4,33-64:32x128x64:1x2x2:s8:k2
4096x4096 1-16:16x256x64:1x8x1:s8:k8,17-32:32x128x64:1x2x2:s8:k4,33-64:32x128x64:1x2x2:s8:k2
T
mv peers/.humming-src peers/humming-src
