#!/bin/bash
# Session e, call 3: the wgmma tier again (split-K reduction without
# spills), then wgmma variants for M = 17..64 at every shape (M <= 16 keeps
# the planner's mma.sync entry): A = 256 columns, 2 warpgroups of 2 weight
# tiles, 12 stages; B = 128 columns, 1 warpgroup, 2 CTAs per SM, 8 stages;
# G = 128 columns, 2 warpgroups of 1 weight tile, 12 stages.
source scripts/runtime-env.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv
HUMMING_VALIDATE_ONLY=1 HUMMING_VALIDATE_BUDGET=120 OUT=$OUT/val timeout 170 bash scripts/device-validate.sh wgmma > $OUT/val.log 2>&1
tail -1 $OUT/val.log; grep -v "^PASS" $OUT/val/validate.txt | head
mv peers/humming-src peers/.humming-src
R=65-:128x128x64:2x2x1:s4:k1
while read sh small a b c; do
  VA="$small,17-32:32x256x64:1x2x1:s12:k$a:wg,33-64:64x256x64:1x2x1:s12:k$a:wg,$R"
  VB="$small,17-32:32x128x64:1x1x1:s12:k$c:c2:wg,33-64:64x128x64:1x1x1:s8:k$c:c2:wg,$R"
  VG="$small,17-32:32x128x64:1x2x1:s12:k$b:wg,33-64:64x128x64:1x2x1:s12:k$b:wg,$R"
  OUT=$OUT/v-$sh timeout 100 bash bench/run.sh --cases w4a16-int4-channel --shapes $sh --ms 32,64 --reps 10 --sweeps 1 --no-graph \
     --variant A=dispatch=$VA --variant B=dispatch=$VB --variant G=dispatch=$VG > $OUT/v-$sh.log 2>&1
  echo "== $sh"; grep -A9 '^| impl' $OUT/v-$sh.log | head -9; grep -iE "gate|error" $OUT/v-$sh.log | head -5
done <<'T'
8192x8192 1-16:16x256x64:1x8x1:s8:k4 4 2 4
28672x4096 1-16:16x256x64:1x4x2:s8:k1 1 1 1
11008x4096 1-16:16x256x64:1x8x1:s8:k3 3 2 3
4096x11008 1-16:16x256x64:1x8x1:s8:k8 8 4 8
4096x4096 1-16:16x256x64:1x8x1:s8:k8 8 4 8
T
mv peers/.humming-src peers/humming-src
