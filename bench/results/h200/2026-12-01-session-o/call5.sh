#!/bin/bash
# Session o, call 5 (a14512b's runtime): with the swapped 1..8 kernels'
# smaller activation stage and register count (W8A16: 72 against 115),
# more CTAs per SM at 1..8 rows as variants beside the planner, 8192^2,
# twice: W8A16 2 CTAs per SM with 2 K splits (8 or 4 warps); W4A16 3 CTAs
# per SM with 6 splits, and 16 x 64 tiles of 4 warps at 2 CTAs per SM.
source scripts/runtime-env.sh
R8="9-16:16x64x64:1x2x4:s16:k1,17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x64x64:1x1x1:s6:k3:c3:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1"
R4="9-16:16x128x64:1x4x1:s8:k4:c2,17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x128x64:1x2x1:s16:k2:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1"
for i in 1 2; do
OUT=$OUT/w8-$i timeout 90 bash bench/run.sh --cases w8a16-int8-channel --shapes 8192x8192 --ms 1,4,8 --reps 15 --sweeps 2 --no-graph \
  --variant "c2w8=dispatch=1-8:8x64x64:1x2x4:s16:k2:c2:sw,$R8" --variant "c2w4=dispatch=1-8:8x64x64:1x2x2:s16:k2:c2:sw,$R8" > $OUT/w8-$i.log 2>&1
echo "w8 $i rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/w8-$i.log; grep -iE "gate|error" $OUT/w8-$i.log | head -3
OUT=$OUT/w4-$i timeout 90 bash bench/run.sh --cases w4a16-int4-channel,w4a16-int4-g128 --shapes 8192x8192 --ms 1,4,8 --reps 15 --sweeps 2 --no-graph \
  --variant "c3=dispatch=1-8:8x128x64:1x4x1:s8:k6:c3:sw,$R4" --variant "c2n64=dispatch=1-8:8x64x64:1x2x2:s16:k2:c2:sw,$R4" > $OUT/w4-$i.log 2>&1
echo "w4 $i rc $?"; grep -E "^## |^\| (humming-mlir|impl)" $OUT/w4-$i.log; grep -iE "gate|error" $OUT/w4-$i.log | head -3
done
bash scripts/bundle-out.sh
