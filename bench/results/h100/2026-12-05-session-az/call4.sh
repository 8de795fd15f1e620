#!/bin/bash
# Session az, call 4 (carry ["dist"]), on the H100 that calls 1-3 ran on,
# written after call 3 showed the planner's g128 kernels at 5120^2 and
# 2048 x 7168 slower at M = 16 / 32 than at M = 64: lane-queue and wgmma
# entries against the planner's own at those shapes (build dist/comb).
# Run as one command line; kept here as run.
source bench/variants.sh; use_build comb >/dev/null || exit 1; source scripts/runtime-env.sh
VARIANT_MS=8,16,24,32 VARIANT_TIMEOUT=100
ev() { entry_variants "$@" 2>&1 | grep -v "^Date" | tail -6; }
ev g5-a w4a16-int4-g128 5120x5120 "wg32=17-32:32x128x64:1x2x1:s12:k3:wg" "rq16=9-16:16x32x64:1x1x8:s3:k1:c2:rq"
ev g2-b w4a16-int4-g128 2048x7168 "rq16=9-16:16x32x64:1x1x8:s3:k1:c2:rq" "wg16=9-16:16x128x64:1x2x1:s12:k8:wg"
ev c5-a w4a16-int4-channel 5120x5120 "rq16=9-16:16x32x64:1x1x8:s3:k1:c2:rq"
bash scripts/bundle-out.sh >/dev/null
