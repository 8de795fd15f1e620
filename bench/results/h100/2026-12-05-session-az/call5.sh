#!/bin/bash
# Session az, call 5 (carry ["dist"]), H100: the 64-column lane-queue blocks
# at 1..8 rows (unsplit and split) at 5120^2 and 2048 x 7168 g128, and the
# 9..16 / 17..32 entries of call 4 at 3584 x 18944 channel and 14336 x 4096
# g128; then the planner's tables of those two shapes. Kept here as run.
source bench/variants.sh; use_build comb >/dev/null || exit 1; source scripts/runtime-env.sh
VARIANT_TIMEOUT=80
ev() { entry_variants "$@" 2>&1 | grep -v "^Date\|marlin excl" | tail -6; }
VARIANT_MS=1,4,8
ev g5-8 w4a16-int4-g128 5120x5120 "rq8=1-8:8x64x64:1x2x8:s3:k1:rq" "rq8k2=1-8:8x64x64:1x2x8:s3:k2:rq"
ev g2-8 w4a16-int4-g128 2048x7168 "rq8k2=1-8:8x64x64:1x2x8:s3:k2:rq" "rq8k4=1-8:8x64x64:1x2x8:s3:k4:rq"
VARIANT_MS=16,32
ev c35 w4a16-int4-channel 3584x18944 "rq16=9-16:16x32x64:1x1x8:s3:k1:c2:rq" "wg32=17-32:32x128x64:1x2x1:s12:k3:wg"
ev g143 w4a16-int4-g128 14336x4096 "rq16=9-16:16x32x64:1x1x8:s3:k1:c2:rq" "wg32=17-32:32x128x64:1x2x1:s12:k3:wg"
for s in 3584x18944 14336x4096; do plan_table "n=${s%x*} k=${s#*x} $(case_spec w4a16-int4-g128) target=h200"; echo; done
bash scripts/bundle-out.sh >/dev/null
