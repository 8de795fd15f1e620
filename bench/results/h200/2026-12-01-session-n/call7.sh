#!/bin/bash
# Session n, call 7 (dc518ae's runtime): 8-bit channel codes at 1..16 rows,
# N = 4096: the planner's cluster pair (section 32, measured against the
# workspace end before section 38 lightened it) beside the same 2 splits
# through the workspace, twice in turn.
source scripts/runtime-env.sh
R1="17-32:32x128x64:1x2x1:s12:k4:wg,33-64:64x128x64:1x2x1:s12:k4:wg,65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1"
R2="17-32:32x128x64:1x2x1:s16:k4:wg,33-64:64x128x64:1x2x1:s12:k4:wg,65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1"
for i in 1 2; do
OUT=$OUT/a$i timeout 80 bash bench/run.sh --cases w8a16-int8-channel --shapes 4096x4096 --ms 1,8,16 --reps 15 --sweeps 2 --no-graph --variant "k2=dispatch=1-16:16x64x64:1x2x4:s16:k2,$R1" > $OUT/a$i.log 2>&1
echo "a$i rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/a$i.log; grep -iE "gate|error" $OUT/a$i.log | head -3
OUT=$OUT/b$i timeout 80 bash bench/run.sh --cases w8a16-int8-channel --shapes 4096x11008 --ms 1,8,16 --reps 15 --sweeps 2 --no-graph --variant "k2=dispatch=1-16:16x64x64:1x2x4:s16:k2,$R2" > $OUT/b$i.log 2>&1
echo "b$i rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/b$i.log; grep -iE "gate|error" $OUT/b$i.log | head -3
done
bash scripts/bundle-out.sh
