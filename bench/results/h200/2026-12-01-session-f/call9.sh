#!/bin/bash
# Session f, call 9: the planner with the 2-CTAs-per-SM half-tile shape at
# 17..32 (call 8). The smoke, tiles (now with a 2-CTAs-per-SM table) and
# shapes tiers, then the full benchmark, peers in the same run.
HUMMING_VALIDATE_ONLY=1 HUMMING_VALIDATE_BUDGET=150 OUT=$OUT/val timeout 200 bash scripts/device-validate.sh smoke tiles shapes > $OUT/val.log 2>&1
tail -2 $OUT/val.log; grep -v "^PASS" $OUT/val/validate.txt | grep -v "^REPACK SAME" | head -5; grep -E '"(layers_checked|checks|passed)"' $OUT/val/validate-summary.txt
source scripts/runtime-env.sh
OUT=$OUT/full timeout 300 bash bench/run.sh --ms 1,4,16,32,64 --reps 20 > $OUT/full.log 2>&1
echo "rc $?"; grep -E "^\||^## " $OUT/full.log | grep -E "^## |humming-mlir \||marlin \||speedup vs best"
bash scripts/bundle-out.sh
