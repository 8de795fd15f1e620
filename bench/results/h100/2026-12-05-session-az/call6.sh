#!/bin/bash
# Session az, call 6 (carry ["dist"]), H100: the 1..8-row lane-queue blocks
# on channel layers (5120^2, 2048 x 7168) and g128 at 3584 x 18944 and
# 14336 x 4096. Kept here as run.
source bench/variants.sh; use_build comb >/dev/null || exit 1; source scripts/runtime-env.sh
VARIANT_TIMEOUT=60
ev() { entry_variants "$@" 2>&1 | grep -v "^Date\|marlin excl" | tail -5; }
VARIANT_MS=1,8
ev c5 w4a16-int4-channel 5120x5120 "rq8=1-8:8x64x64:1x2x8:s3:k1:rq"
ev c2 w4a16-int4-channel 2048x7168 "rq8k2=1-8:8x64x64:1x2x8:s3:k2:rq" "rq8k4=1-8:8x64x64:1x2x8:s3:k4:rq"
ev g35 w4a16-int4-g128 3584x18944 "rq8k2=1-8:8x64x64:1x2x8:s3:k2:rq" "rq8k3=1-8:8x64x64:1x2x8:s3:k3:rq"
ev g143 w4a16-int4-g128 14336x4096 "rq8=1-8:8x64x64:1x2x8:s3:k1:rq"
bash scripts/bundle-out.sh >/dev/null
