#!/bin/bash
# Session n, call 3 (a459c72's runtime): more warps per SM for 1..16 rows of
# 4-bit codes, 8192 x 8192, as variants beside the planner's 2-CTA 16 x 128
# tile (4 warps, 4 splits, 8 stages), twice in turn: 3 CTAs per SM (6 splits
# of 16 x 128, or 3 of 16 x 64 with 2 warps) and 4 CTAs per SM (8 splits).
source scripts/runtime-env.sh
T4="17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x128x64:1x2x1:s16:k2:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1"
for i in 1 2; do
OUT=$OUT/ch$i timeout 100 bash bench/run.sh --cases w4a16-int4-channel --shapes 8192x8192 --ms 1,8,16 --reps 15 --sweeps 2 --no-graph \
  --variant "c3s8=dispatch=1-16:16x128x64:1x4x1:s8:k6:c3,$T4" --variant "c3s6=dispatch=1-16:16x128x64:1x4x1:s6:k6:c3,$T4" \
  --variant "c3n64=dispatch=1-16:16x64x64:1x2x1:s12:k3:c3,$T4" --variant "c4s6=dispatch=1-16:16x128x64:1x4x1:s6:k8:c4,$T4" > $OUT/ch$i.log 2>&1
echo "ch$i rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/ch$i.log; grep -iE "gate|error" $OUT/ch$i.log | head -3
OUT=$OUT/g$i timeout 80 bash bench/run.sh --cases w4a16-int4-g128 --shapes 8192x8192 --ms 1,16 --reps 15 --sweeps 2 --no-graph \
  --variant "c3s8=dispatch=1-16:16x128x64:1x4x1:s8:k6:c3,$T4" --variant "c4s6=dispatch=1-16:16x128x64:1x4x1:s6:k8:c4,$T4" > $OUT/g$i.log 2>&1
echo "g$i rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/g$i.log; grep -iE "gate|error" $OUT/g$i.log | head -3
done
bash scripts/bundle-out.sh
