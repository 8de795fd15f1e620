#!/bin/bash
# Session bp, call 3b (the command as run, on the warm H100 after call 3):
# Nsight Compute on ours (the planner's 128 x 256 in 3 splits) and Humming
# at 11008 x 4096 channel M = 128, where Humming stays ahead; and two hand
# tables for 97..128 (128 x 128 in 3 splits at two CTAs per SM, 5 stages;
# 128 x 256 in 3 splits at 4 stages). No prediction was written before
# the run.
# (As run, the variable was PROFILE_SOURCE, profile-impls.sh's name for
# HUMMING_PROFILE_SOURCE until it shared bench/ncu-common.sh.)
source scripts/runtime-env.sh; source bench/variants.sh; gpu_clocks; [ -d peers/humming-cache ] || tar -C peers -xJf peers/humming-cache.tar.xz; HUMMING_PROFILE_SOURCE=1 NCU_REPS=1 timeout 200 bash bench/profile-impls.sh w4a16-int4-channel 11008x4096 128 humming-mlir humming > $OUT/profile128.log 2>&1; echo "profile rc $?"; grep -E "^NCU|^==|Duration|Grid Size" $OUT/profile128.log | head; s="n=11008 k=4096 $(case_spec w4a16-int4-channel) target=h200"; t1=$(plan_table "$s" "97-128:128x128x64:1x2x1:s5:k3:c2:wg"); t2=$(plan_table "$s" "97-128:128x256x64:1x2x1:s4:k3:wg"); OUT=$OUT/c128 timeout 120 bash bench/run.sh --cases w4a16-int4-channel --shapes 11008x4096 --ms 100,128 --reps 15 --sweeps 2 --no-graph --peers peers --variant "c2s5=dispatch=$t1" --variant "s4=dispatch=$t2" > $OUT/c128.log 2>&1; echo "c128 rc $?"; grep -E "^\| (humming|impl)" $OUT/c128.log; grep -iE "gate" $OUT/c128.log | head -3; gpu_clocks; bash scripts/bundle-out.sh
