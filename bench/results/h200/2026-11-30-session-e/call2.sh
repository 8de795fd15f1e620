#!/bin/bash
# Session e, call 2: the wgmma tier again (wait_group 0 per stage), then
# wgmma variants for M = 17..64 at every shape (M <= 16 keeps the planner's
# mma.sync entry): A = 256 columns, 2 warpgroups of 2 weight tiles, 12
# stages; B = 128 columns, 1 warpgroup, 2 CTAs per SM, 8 stages; C = A with
# 6 stages (call 1's w1); D = 512 columns, 4 warpgroups, 8 stages.
source scripts/runtime-env.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv
HUMMING_VALIDATE_ONLY=1 HUMMING_VALIDATE_BUDGET=120 OUT=$OUT/val timeout 170 bash scripts/device-validate.sh wgmma > $OUT/val.log 2>&1
tail -3 $OUT/val.log; grep -v "^PASS" $OUT/val/validate.txt | head
mv peers/humming-src peers/.humming-src
R=65-:128x128x64:2x2x1:s4:k1
while read sh small a c d; do
  VA="$small,17-32:32x256x64:1x2x1:s12:k$a:wg,33-64:64x256x64:1x2x1:s12:k$a:wg,$R"
  VB="$small,17-32:32x128x64:1x1x1:s12:k$c:c2:wg,33-64:64x128x64:1x1x1:s8:k$c:c2:wg,$R"
  VC="$small,17-32:32x256x64:1x2x1:s6:k$a:wg,33-64:64x256x64:1x2x1:s6:k$a:wg,$R"
  VD="$small,17-32:32x512x64:1x4x1:s8:k$d:wg,33-64:64x512x64:1x4x1:s8:k$d:wg,$R"
  vd="--variant D=dispatch=$VD"; [ "$d" = 0 ] && vd=""
  OUT=$OUT/v-$sh timeout 100 bash bench/run.sh --cases w4a16-int4-channel --shapes $sh --ms 32,64 --reps 10 --sweeps 1 --no-graph \
     --variant A=dispatch=$VA --variant B=dispatch=$VB --variant C=dispatch=$VC $vd > $OUT/v-$sh.log 2>&1
  echo "== $sh"; grep -A9 '^| impl' $OUT/v-$sh.log | head -9; grep -iE "gate|error" $OUT/v-$sh.log | head -5
done <<'T'
8192x8192 1-16:16x256x64:1x8x1:s8:k4 4 4 8
28672x4096 1-16:16x256x64:1x4x2:s8:k1 1 1 2
11008x4096 1-16:16x256x64:1x8x1:s8:k3 3 3 0
4096x11008 1-16:16x256x64:1x8x1:s8:k8 8 8 16
4096x4096 1-16:16x256x64:1x8x1:s8:k8 8 8 16
T
mv peers/.humming-src peers/humming-src
