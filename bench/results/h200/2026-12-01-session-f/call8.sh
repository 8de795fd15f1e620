#!/bin/bash
# Session f, call 8: the two thinnest margins over Marlin (M = 32 at 11008 x
# 4096 and 8192 x 8192, both mma.sync 32-row tiles) against mma.sync tiles
# the planner does not take: whole tiles with 2 warps along K; half tiles
# at 2 CTAs per SM; whole tiles, 2 along K, at 2 CTAs per SM.
source scripts/runtime-env.sh
mv peers/humming-src peers/.humming-src
R=33-:128x128x64:2x2x1:s4:k1
while read sh a b c; do
  OUT=$OUT/v-$sh timeout 100 bash bench/run.sh --cases w4a16-int4-channel --shapes $sh --ms 32 --reps 20 --sweeps 2 --no-graph \
     --variant A=dispatch=1-32:$a,$R --variant B=dispatch=1-32:$b,$R --variant C=dispatch=1-32:$c,$R > $OUT/v-$sh.log 2>&1
  echo "== $sh"; grep -E "^\| (humming-mlir|marlin)" $OUT/v-$sh.log | head -8; grep -iE "gate|error" $OUT/v-$sh.log | grep -v "humming excl\|GATE FAILED humming:\|marlin excl" | head -3
done <<'T'
11008x4096 32x256x64:1x4x2:s8:k3 32x128x64:1x4x1:s8:k3:c2 32x128x64:1x2x2:s8:k3:c2
8192x8192 32x256x64:1x4x2:s8:k4 32x128x64:1x4x1:s8:k4:c2 32x128x64:1x2x2:s8:k4:c2
T
mv peers/.humming-src peers/humming-src
bash scripts/bundle-out.sh
