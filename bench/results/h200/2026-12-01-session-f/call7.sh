#!/bin/bash
# Session f, call 7: with two k-blocks per iteration an 8-stage M <= 16
# kernel keeps 6 k-blocks in flight instead of 7. Does a deeper pipeline
# (10, 12, 16 stages) win back the M <= 16 read-floor gap? Planner (s8)
# against the same tiles with more stages, W4A16 channel and g128.
source scripts/runtime-env.sh
mv peers/humming-src peers/.humming-src
R=17-:128x128x64:2x2x1:s4:k1
while read sh w k; do
  v() { echo "1-16:16x256x64:$w:s$1:k$k,$R"; }
  OUT=$OUT/v-$sh timeout 100 bash bench/run.sh --cases w4a16-int4-channel,w4a16-int4-g128 --shapes $sh --ms 1,16 --reps 15 --sweeps 2 --no-graph \
     --variant s10=dispatch=$(v 10) --variant s12=dispatch=$(v 12) --variant s16=dispatch=$(v 16) > $OUT/v-$sh.log 2>&1
  echo "== $sh"; grep -E "^\| (humming-mlir|marlin)|^## " $OUT/v-$sh.log | head -14; grep -iE "gate|error" $OUT/v-$sh.log | grep -v "humming excl\|GATE FAILED humming:\|marlin excl" | head -3
done <<'T'
8192x8192 1x8x1 4
28672x4096 1x4x2 1
11008x4096 1x8x1 3
4096x11008 1x8x1 8
4096x4096 1x8x1 8
T
mv peers/.humming-src peers/humming-src
bash scripts/bundle-out.sh
