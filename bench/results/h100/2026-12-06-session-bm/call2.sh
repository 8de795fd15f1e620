#!/bin/bash
# Session bm, call 2: the whole GPU suite at main (d6ccb979), first half:
# the smoke, shapes, wgmma (every hand table) and models tiers. The last
# whole-suite run was at 4380ee5 (session bj); since then 19a7078's
# four-warpgroup 8-bit tiles, session bk's 57344 x 8192 rule and session
# bl's 96 x 256 tile were checked by targeted tables only.
# Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT"]. Prediction: all pass.
set -u
LIMIT=${LIMIT:-570}
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
t=$((LIMIT - SECONDS - 30))
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=$((t - 20)) HUMMING_VALIDATE_ONLY=1 timeout $t \
  bash scripts/device-validate.sh smoke shapes wgmma models > $OUT/val.log 2>&1
echo "validate rc $? $(date +%T)"; tail -14 $OUT/val.log
gpu_clocks
bash scripts/bundle-out.sh
