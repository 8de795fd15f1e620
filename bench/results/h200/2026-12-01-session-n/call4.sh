#!/bin/bash
# Session n, call 4 (dc518ae's runtime): 1..16 rows of 4-bit codes on 2 CTAs
# per SM with 2 K splits instead of 4 (16 x 64 tiles of 2 x 2 warps, warps
# along K summed in shared memory: half the split-K partials and one
# partner per tile), through the workspace or as a cluster pair, beside the
# planner's 16 x 128 tile of 4 splits; 8192 x 8192, twice in turn.
source scripts/runtime-env.sh
T4="17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x128x64:1x2x1:s16:k2:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1"
V=(--variant "k2s16=dispatch=1-16:16x64x64:1x2x2:s16:k2:c2,$T4" --variant "kc2s16=dispatch=1-16:16x64x64:1x2x2:s16:kc2:c2,$T4"
   --variant "k2s12=dispatch=1-16:16x64x64:1x2x2:s12:k2:c2,$T4" --variant "k2s24=dispatch=1-16:16x64x64:1x2x2:s24:k2:c2,$T4")
for i in 1 2; do
OUT=$OUT/ch$i timeout 100 bash bench/run.sh --cases w4a16-int4-channel --shapes 8192x8192 --ms 1,8,16 --reps 15 --sweeps 2 --no-graph "${V[@]}" > $OUT/ch$i.log 2>&1
echo "ch$i rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/ch$i.log; grep -iE "gate|error" $OUT/ch$i.log | head -3
OUT=$OUT/g$i timeout 100 bash bench/run.sh --cases w4a16-int4-g128 --shapes 8192x8192 --ms 1,16 --reps 15 --sweeps 2 --no-graph "${V[@]}" > $OUT/g$i.log 2>&1
echo "g$i rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/g$i.log; grep -iE "gate|error" $OUT/g$i.log | head -3
done
bash scripts/bundle-out.sh
