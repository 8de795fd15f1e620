#!/bin/bash
# Session n, call 6 (dc518ae's runtime): the 17..64-row wgmma kernels' 2 K
# splits as one cluster pair (partials through distributed shared memory, no
# workspace round trips; 128 CTAs = 64 pairs, which fit at one CTA per SM)
# beside the planner's workspace splits, 8192 x 8192, twice in turn.
source scripts/runtime-env.sh
for i in 1 2; do
for c in w4a16-int4-channel w4a16-int4-g128; do
OUT=$OUT/$c$i timeout 80 bash bench/run.sh --cases $c --shapes 8192x8192 --ms 24,32,48,64 --reps 15 --sweeps 2 --no-graph \
  --variant "kc2=dispatch=1-16:16x128x64:1x4x1:s8:k4:c2,17-32:32x128x64:1x2x1:s16:kc2:wg,33-64:64x128x64:1x2x1:s16:kc2:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1" > $OUT/$c$i.log 2>&1
echo "$c$i rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/$c$i.log; grep -iE "gate|error" $OUT/$c$i.log | head -3
done
OUT=$OUT/w8$i timeout 80 bash bench/run.sh --cases w8a16-int8-channel --shapes 8192x8192 --ms 24,32 --reps 15 --sweeps 2 --no-graph \
  --variant "kc2=dispatch=1-16:16x64x64:1x2x4:s16:k1,17-32:32x128x64:1x2x1:s16:kc2:wg,33-64:64x64x64:1x1x1:s6:k3:c3:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1" > $OUT/w8$i.log 2>&1
echo "w8$i rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/w8$i.log; grep -iE "gate|error" $OUT/w8$i.log | head -3
done
bash scripts/bundle-out.sh
