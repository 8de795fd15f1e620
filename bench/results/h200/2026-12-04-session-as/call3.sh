#!/bin/bash
# Session as, call 3 (carry ["dist"]; dist = 5bc2fe0, main's tip).
# The rest of the GPU correctness suite at main's tip: the wgmma tier
# (every wgmma table: tile shapes, K splits, clusters, group sums, 8-bit
# and 2-bit codes, odd shapes), then device-validate's compute-sanitizer
# memcheck subset and the Python tests. Prediction: every check passes,
# memcheck clean, pytest all pass.
set -u
source scripts/runtime-env.sh
date +%T
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=330 timeout 570 \
  bash scripts/device-validate.sh wgmma > $OUT/val.log 2>&1
echo "validate rc $?"; grep -E "FAILED CHECKS|layers_checked|\"checks\"|\"passed\"|not clean|errors|passed in|failed" $OUT/val.log | tail -12
date +%T
bash scripts/bundle-out.sh
