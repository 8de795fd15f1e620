#!/bin/bash
# Session bm, call 3: the whole GPU suite at main (d6ccb979), second half:
# the formats, partitions, tiles, swapped and narrow tiers, memcheck of
# device-validate.sh's layers, the Python tests.
# Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT"]. Prediction: all pass.
set -u
LIMIT=${LIMIT:-570}
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
t=$((LIMIT - SECONDS - 150))
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=$t timeout $((LIMIT - 30)) \
  bash scripts/device-validate.sh formats partitions tiles swapped narrow > $OUT/val.log 2>&1
echo "validate rc $? $(date +%T)"; tail -20 $OUT/val.log
gpu_clocks
bash scripts/bundle-out.sh
