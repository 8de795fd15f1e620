#!/bin/bash
# Session o, call 3 (a14512b's runtime: the planner gives 1..8 rows the
# swapped copy of their mma.sync tile): the correctness suite over the
# tiers whose layers take planner tables (every format at M <= 8 now runs
# a swapped kernel), sm_80 PTX through the driver's JIT, the README
# example, compute-sanitizer and the Python tests.
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=330 timeout 570 bash scripts/device-validate.sh smoke smoke@sm_80 swapped shapes formats > $OUT/val.log 2>&1
echo "validate rc $?"; tail -30 $OUT/val.log
bash scripts/bundle-out.sh
