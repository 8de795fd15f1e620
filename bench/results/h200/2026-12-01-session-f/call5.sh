#!/bin/bash
# Session f, call 5: M = 17..32 variants where the planner's kernel is within
# 2 % of Marlin (11008 x 4096, 8192 x 8192), now that an iteration computes
# two k-blocks: wgmma tiles against the planner's mma.sync ones.
source scripts/runtime-env.sh
mv peers/humming-src peers/.humming-src
R=33-:128x128x64:2x2x1:s4:k1
while read sh a b c; do
  OUT=$OUT/v-$sh timeout 100 bash bench/run.sh --cases w4a16-int4-channel --shapes $sh --ms 16,32 --reps 15 --sweeps 2 --no-graph \
     --variant A=dispatch=1-32:$a,$R --variant B=dispatch=1-32:$b,$R --variant C=dispatch=1-32:$c,$R > $OUT/v-$sh.log 2>&1
  echo "== $sh"; grep -E "^\| (humming|marlin)" $OUT/v-$sh.log | head -8; grep -iE "gate|error" $OUT/v-$sh.log | grep -v "humming:\|humming excl" | head -5
done <<'T'
11008x4096 32x256x64:1x2x1:s12:k3:wg 32x128x64:1x1x1:s12:k3:c2:wg 32x128x64:1x2x1:s12:k3:wg
8192x8192 32x256x64:1x2x1:s12:k4:wg 32x128x64:1x1x1:s12:k4:c2:wg 32x128x64:1x2x1:s12:k2:wg
T
mv peers/.humming-src peers/humming-src
bash scripts/bundle-out.sh
