#!/bin/bash
# Session n, call 2 (03073c2's runtime): variants beside the planner's
# kernels, 8192 x 8192, twice in turn: (1) W4A16 channel at 9..16 rows on the
# 2-CTA 16 x 128 tile of 4 warps (4 splits, 8 stages) that 1..8 and g128's
# 1..16 take; (2) W8A16 channel at 1..16 on 2-CTA shapes (256 CTAs).
source scripts/runtime-env.sh
T4="17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x128x64:1x2x1:s16:k2:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1"
T8="17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x64x64:1x1x1:s6:k3:c3:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1"
for i in 1 2; do
OUT=$OUT/ch$i timeout 80 bash bench/run.sh --cases w4a16-int4-channel --shapes 8192x8192 --ms 9,12,16 --reps 15 --sweeps 2 --no-graph --variant "c2=dispatch=1-16:16x128x64:1x4x1:s8:k4:c2,$T4" > $OUT/ch$i.log 2>&1
echo "ch$i rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/ch$i.log; grep -iE "gate|error" $OUT/ch$i.log | head -3
OUT=$OUT/w8$i timeout 120 bash bench/run.sh --cases w8a16-int8-channel --shapes 8192x8192 --ms 1,8,16 --reps 15 --sweeps 2 --no-graph \
  --variant "k4c2=dispatch=1-16:16x128x64:1x4x1:s8:k4:c2,$T8" --variant "k2c2=dispatch=1-16:16x64x64:1x2x2:s12:k2:c2,$T8" \
  --variant "kc2c2=dispatch=1-16:16x64x64:1x2x2:s12:kc2:c2,$T8" --variant "w2k2c2=dispatch=1-16:16x64x64:1x2x1:s16:k2:c2,$T8" > $OUT/w8$i.log 2>&1
echo "w8$i rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/w8$i.log; grep -iE "gate|error" $OUT/w8$i.log | head -3
done
bash scripts/bundle-out.sh
