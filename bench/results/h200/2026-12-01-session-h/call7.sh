#!/bin/bash
# Session h, call 7: the final full benchmark of 8746b01 (the planner's
# 2-CTA shape at 33..64 for 4-bit channel layers), peers in the same run
# (Marlin built first from the git-ignored peers/ folder by a git-ignored
# helper there, when present; never committed); then the smoke, shapes and
# wgmma tiers, compute-sanitizer (plus a warp-specialized table) and the
# Python tests.
[ -x peers/build.sh ] && { time bash peers/build.sh; } > $OUT/marlin-build.log 2>&1; tail -1 $OUT/marlin-build.log
source scripts/runtime-env.sh
OUT=$OUT/full timeout 150 bash bench/run.sh --ms 1,4,16,32,64 --reps 20 > $OUT/full.log 2>&1
echo "rc $?"; grep -E "^\||^## " $OUT/full.log | grep -E "^## |humming-mlir \||marlin \|"
timeout 60 compute-sanitizer --tool memcheck --error-exitcode 9 $HUMMING_RUN --spec "n=1000 k=1024 weight=uint4 scale=group group_size=128 bias=1 target=h200 dispatch=1-8:8x128x64:1x1x1:s8:sk:ws,9-64:64x128x64:1x2x1:s6:k3:ws,65-:128x128x64:1x1x1:s4:k1:ws" -m 1,7,33,130 --iters 1 -q > $OUT/sanitizer-ws.txt 2>&1; echo "ws memcheck exit $?"; grep -E "ERROR SUMMARY|PASS|FAIL" $OUT/sanitizer-ws.txt | head -6
HUMMING_VALIDATE_BUDGET=60 OUT=$OUT/val timeout 150 bash scripts/device-validate.sh smoke shapes wgmma > $OUT/val.log 2>&1
tail -2 $OUT/val.log; grep -v "^PASS" $OUT/val/validate.txt | grep -v "^REPACK SAME" | head -8; grep -E '"(layers_checked|checks|passed)"' $OUT/val/validate-summary.txt; grep -A3 not_run_budget $OUT/val/validate-summary.txt | head -4; grep -E "exit|ERROR SUMMARY" $OUT/val/sanitizer.txt | head -8; tail -2 $OUT/val/pytest.txt
bash scripts/bundle-out.sh
