#!/bin/bash
# Session bp, call 4b (the command as run, on the warm H100 after call 4):
# 9216 x 4096 (72 column tiles, 22 k-blocks a split), the planner's new
# 65..96 entry against the unsplit 96 x 128 before it. No prediction was
# written before the run; expected as 11008 x 4096 (9-10 % faster).
source scripts/runtime-env.sh; source bench/variants.sh; gpu_clocks; nk=9216x4096; s="n=9216 k=4096 $(case_spec w4a16-int4-channel) target=h200"; t=$(plan_table "$s" "65-96:96x128x64:1x2x1:s8:k1:wg"); OUT=$OUT/c$nk timeout 150 bash bench/run.sh --cases w4a16-int4-channel --shapes $nk --ms 65,80,96 --reps 15 --sweeps 2 --no-graph --peers /nonexistent --variant "old=dispatch=$t" > $OUT/c$nk.log 2>&1; echo "rc $?"; grep -E "^\| (humming|impl)" $OUT/c$nk.log; grep -iE "gate" $OUT/c$nk.log | head -3; gpu_clocks; bash scripts/bundle-out.sh
