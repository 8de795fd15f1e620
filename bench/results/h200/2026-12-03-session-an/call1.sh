#!/bin/bash
# Session an, call 1 (carry ["dist"]; dist = exp/cluster-one-unit, aa93ed3:
# section 88's cluster-one-unit.patch on main; dist/base = main's runtime,
# 72f0f9c's kernels). The cluster-split wgmma tiles (`kc<n>`) without the
# persistent loop: their units are one per CTA by construction.
# 1. Correctness: the shapes tier (every shape of the issue at M = 1 ..
#    4096: the cluster tiles at 11008 x 4096 M = 17..64 and 8192^2 M =
#    65..256).
# 2. A / B, base new base new: the cluster cells, 8192^2 and 11008 x 4096
#    at M = 32 / 64 / 80 / 128 / 200, three cases. Prediction: 8192^2 M =
#    80 / 128 / 200 0.3-0.9 us faster (section 88: two runs differing only
#    in these tiles, 0.2-0.9); 11008 x 4096 M = 32 / 64 (3 CTAs per SM, a
#    one-warpgroup tile) within +-0.3 (not measured before: the 2-CTA
#    wgmma tile of section 88 was 1.4 slower without the loop, so a
#    slowdown is possible); 8192^2 M = 32 / 64 (k2, not clusters)
#    within +-0.2.
# 3. Variants on the new runtime: 8192^2 33..64 as cluster pairs (kc2)
#    instead of workspace splits (k2), now that a cluster tile's first copy
#    comes 300 instructions earlier. Prediction: within +-0.5 of k2 at M =
#    48 / 64 (section 88: kc2's end saves the split's L2 round trip, but
#    the planner took k2 there when both had the loop).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
date +%T
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=100 HUMMING_VALIDATE_ONLY=1 timeout 110 bash scripts/device-validate.sh shapes > $OUT/val.log 2>&1
echo "validate rc $?"; tail -1 $OUT/val.log
date +%T
timeout 200 bash bench/ab.sh dist/base/humming-runtime.tar.xz 2 \
  --cases w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel \
  --shapes 8192x8192,11008x4096 --ms 32,64,80,128,200 --reps 15 --sweeps 2 \
  --no-graph --peers /nonexistent
date +%T
VARIANT_MS=48,64 VARIANT_TIMEOUT=60
entry_variants kc2-channel w4a16-int4-channel 8192x8192 "kc2=33-64:64x128x64:1x2x1:s16:kc2:wg"
entry_variants kc2-g128 w4a16-int4-g128 8192x8192 "kc2=33-64:64x128x64:1x2x1:s16:kc2:wg"
entry_variants kc2-w8 w8a16-int8-channel 8192x8192 "kc2=33-64:64x128x64:1x2x1:s8:kc2:wg" "kc4c2=33-64:64x128x64:1x1x1:s6:kc4:c2:wg"
date +%T
bash scripts/bundle-out.sh
