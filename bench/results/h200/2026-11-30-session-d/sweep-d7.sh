#!/bin/bash
# Session d, call 7: the final benchmark (all shapes and cases, M <= 64, the
# peers) and the GPU suite's smoke, tiles, partitions, shapes and formats tiers.
source scripts/runtime-env.sh
timeout 250 bash bench/run.sh --ms 1,4,16,32,64 --reps 20 > $OUT/bench.log 2>&1
grep -E 'JIT' $OUT/bench.log | cut -c1-250; grep -B2 -A12 '^| impl' $OUT/bench.log | grep -E '^## |humming-mlir \||marlin \|' | head -40
HUMMING_VALIDATE_BUDGET=260 OUT=$OUT/val timeout 320 bash scripts/device-validate.sh smoke tiles partitions shapes formats > $OUT/val.log 2>&1
tail -8 $OUT/val.log; grep -E '"layers_checked"|"checks"|"passed"' $OUT/val/validate-summary.txt | head -3
