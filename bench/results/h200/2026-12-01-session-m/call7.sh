#!/bin/bash
# Session m, call 7 (main 99a1686: section 36's rule): (1) the full
# benchmark with Marlin (built first from the git-ignored peers/ folder,
# never committed) in the same run; (2) section 37's lead, more warps per
# SM at M <= 8, as variants beside the planner's kernel; (3) the README
# example, the smoke tier, compute-sanitizer and the Python tests.
[ -f peers/build.sh ] && { time bash peers/build.sh; } > $OUT/marlin-build.log 2>&1; tail -1 $OUT/marlin-build.log
source scripts/runtime-env.sh
OUT=$OUT/full timeout 240 bash bench/run.sh --ms 1,4,16,32,64 --reps 20 > $OUT/full.log 2>&1
echo "bench rc $?"; grep -iE "not run|gate" $OUT/full.log | head -5; grep -E "^\||^## |^JIT" $OUT/full.log | grep -E "^## |humming-mlir \||marlin \||cublas-fp16 \||^JIT"
T="9-16:16x64x64:1x2x4:s24:k1,17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x128x64:1x2x1:s16:k2:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1"
OUT=$OUT/v timeout 90 bash bench/run.sh --cases w4a16-int4-channel --shapes 8192x8192 --ms 1,4,8 --reps 15 --sweeps 2 --no-graph --variant "w16=dispatch=1-8:16x256x64:1x8x2:s8:k4,$T" --variant "c2w8=dispatch=1-8:16x128x64:1x4x2:s8:k4:c2,$T" --variant "c2w4=dispatch=1-8:16x128x64:1x4x1:s8:k4:c2,$T" --variant "s6=dispatch=1-8:16x256x64:1x8x1:s6:k4,$T" > $OUT/v.log 2>&1
echo "variants rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/v.log; grep -iE "gate|error" $OUT/v.log | head -3
HUMMING_VALIDATE_BUDGET=80 OUT=$OUT/val timeout 200 bash scripts/device-validate.sh smoke > $OUT/val.log 2>&1
echo "validate rc $?"; grep -E "^M=" $OUT/val/humming-run.txt | grep -c PASS; grep -v "^PASS" $OUT/val/validate.txt | grep -v "^REPACK SAME" | head -8; grep -E '"(layers_checked|checks|passed)"|not_run' $OUT/val/validate-summary.txt | head; grep -E "ERROR SUMMARY|passed|failed" $OUT/val.log | tail -5
bash scripts/bundle-out.sh
