#!/bin/bash
# Session i, call 6: the final full benchmark (section 22's planner), peers
# in the same run (Marlin built first from the git-ignored peers/ folder by
# a git-ignored helper there, when present; never committed); then the
# smoke, shapes, wgmma and tiles tiers (with their new 16-20-stage tables),
# compute-sanitizer (plus a deep-pipeline table) and the Python tests.
[ -x peers/build.sh ] && { time bash peers/build.sh; } > $OUT/marlin-build.log 2>&1; tail -1 $OUT/marlin-build.log
source scripts/runtime-env.sh
OUT=$OUT/full timeout 170 bash bench/run.sh --ms 1,4,16,32,64 --reps 20 > $OUT/full.log 2>&1
echo "rc $?"; grep -E "^\||^## " $OUT/full.log | grep -E "^## |humming-mlir \||marlin \|"
timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 $HUMMING_RUN --spec "n=1000 k=1024 weight=uint4 scale=group group_size=128 bias=1 target=h200 dispatch=1-16:16x64x64:1x2x4:s16:k3,17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x64x64:1x1x1:s16:k2:ws,65-200:64x64x64:1x2x1:s20:sk,201-:64x64x64:1x2x1:s20:k1" -m 1,7,33,130,250 --iters 1 -q > $OUT/sanitizer-deep.txt 2>&1; echo "deep memcheck exit $?"; grep -E "ERROR SUMMARY|PASS|FAIL" $OUT/sanitizer-deep.txt | head -6
HUMMING_VALIDATE_BUDGET=110 OUT=$OUT/val timeout 200 bash scripts/device-validate.sh smoke shapes wgmma tiles > $OUT/val.log 2>&1
tail -2 $OUT/val.log; grep -v "^PASS" $OUT/val/validate.txt | grep -v "^REPACK SAME" | head -8; grep -E '"(layers_checked|checks|passed)"' $OUT/val/validate-summary.txt; grep -A3 not_run_budget $OUT/val/validate-summary.txt | head -4; grep -E "exit|ERROR SUMMARY" $OUT/val/sanitizer.txt | head -8; tail -2 $OUT/val/pytest.txt
bash scripts/bundle-out.sh
