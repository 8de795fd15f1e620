#!/bin/bash
# Session f, call 10: the final benchmark of main (the 2-CTAs-per-SM shape
# for codes of up to 4 bits), peers in the same run, after the smoke tier.
HUMMING_VALIDATE_ONLY=1 HUMMING_VALIDATE_BUDGET=60 OUT=$OUT/val timeout 90 bash scripts/device-validate.sh smoke > $OUT/val.log 2>&1
grep -E '"(layers_checked|checks|passed)"' $OUT/val/validate-summary.txt
source scripts/runtime-env.sh
OUT=$OUT/full timeout 300 bash bench/run.sh --ms 1,4,16,32,64 --reps 20 > $OUT/full.log 2>&1
echo "rc $?"; grep -E "^\||^## " $OUT/full.log | grep -E "^## |humming-mlir \||marlin \||speedup vs best"
bash scripts/bundle-out.sh
