#!/bin/bash
# Session bw's fifth call (after call 4 ran the shapes, models and wgmma
# tiers at the tip: 460 layers, 6,000 checks, all pass). Carry
# ["dist/humming-runtime.tar.xz", "dist/COMMIT"]; dist/ at 36b3cacb.
# The rest of the GPU suite at the tip: smoke, formats (every weight
# format x f16 / bf16 x channel / g32 / g64 / g128 x zero points at 1000 x
# 1024), partitions, tiles, swapped, narrow; the suite alone (call 4 ran
# memcheck and the Python tests). Prediction: all pass.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
device_header
mkdir -p "$OUT/suite"
OUT=$OUT/suite HUMMING_VALIDATE_ONLY=1 \
  HUMMING_VALIDATE_BUDGET=$((${DEADLINE:-575} - 120 - SECONDS)) \
  timeout $((${DEADLINE:-575} - 20 - SECONDS)) \
  bash scripts/device-validate.sh smoke formats partitions tiles swapped narrow \
  > "$OUT/suite.log" 2>&1
echo "suite rc $?"; tail -25 "$OUT/suite.log"
rm -f "$OUT"/suite/shards/*.json
xz -9 "$OUT"/suite/validation-merged.json "$OUT"/suite/validate.txt
gpu_clocks
bash scripts/bundle-out.sh
