#!/bin/bash
# Session bj, call 2 (carry ["dist/humming-runtime.tar.xz", "dist/COMMIT"]):
# the rest of the suite at main (4380ee5) on the H200: the format matrix at
# 1000 x 1024 (every legal weight format x f16 / bf16 x channel, g32 / 64 /
# 128 x zero points), the partitions, tiles, swapped and narrow tiers, then
# compute-sanitizer on the memcheck subset and the Python tests
# (scripts/device-validate.sh's whole tail). Prediction: all pass, clean.
set -u
LIMIT=${LIMIT:-560}
date +%T
t=$((LIMIT - SECONDS - 150))
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=$t timeout $((LIMIT - 30)) \
  bash scripts/device-validate.sh formats partitions tiles swapped narrow > $OUT/val.log 2>&1
echo "validate rc $? $(date +%T)"; tail -20 $OUT/val.log
bash scripts/bundle-out.sh
