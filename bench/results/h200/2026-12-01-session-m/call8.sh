#!/bin/bash
# Session m, call 8: call 7's faster variant again, twice in turn with the
# planner's kernel: 16 x 128 tiles of 4 warps at 2 CTAs per SM (4 splits, 8
# stages; 256 CTAs) instead of 16 x 256 of 8 warps (128 CTAs), W4A16
# channel at M <= 8 and g128 at M <= 16, 8192 x 8192.
source scripts/runtime-env.sh
T="17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x128x64:1x2x1:s16:k2:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1"
for i in 1 2; do
OUT=$OUT/ch$i timeout 60 bash bench/run.sh --cases w4a16-int4-channel --shapes 8192x8192 --ms 1,4,8 --reps 15 --sweeps 2 --no-graph --variant "c2w4=dispatch=1-8:16x128x64:1x4x1:s8:k4:c2,9-16:16x64x64:1x2x4:s24:k1,$T" > $OUT/ch$i.log 2>&1
echo "ch$i rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/ch$i.log; grep -iE "gate|error" $OUT/ch$i.log | head -3
OUT=$OUT/g$i timeout 60 bash bench/run.sh --cases w4a16-int4-g128 --shapes 8192x8192 --ms 1,8,16 --reps 15 --sweeps 2 --no-graph --variant "c2w4=dispatch=1-16:16x128x64:1x4x1:s8:k4:c2,$T" > $OUT/g$i.log 2>&1
echo "g$i rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/g$i.log; grep -iE "gate|error" $OUT/g$i.log | head -3
done
bash scripts/bundle-out.sh
