#!/bin/bash
# Session j, call 3: the GPU suite on 0471527 (sets of group-scale sums;
# the planner's 16-stage g128 tile at 8192 x 8192): the README example,
# the smoke, shapes and wgmma tiers, compute-sanitizer memcheck (with a
# two-set wgmma table) and the Python tests.
HUMMING_VALIDATE_BUDGET=200 OUT=$OUT/val timeout 420 bash scripts/device-validate.sh smoke shapes wgmma > $OUT/val.log 2>&1
echo "rc $?"; tail -3 $OUT/val.log
grep -v "^PASS" $OUT/val/validate.txt | grep -v "^REPACK SAME" | head -8
grep -E '"(layers_checked|checks|passed|layers_planned)"|not_run' $OUT/val/validate-summary.txt
grep -E "exit|ERROR SUMMARY" $OUT/val/sanitizer.txt; tail -3 $OUT/val/pytest.txt
bash scripts/bundle-out.sh
