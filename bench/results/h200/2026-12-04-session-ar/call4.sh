#!/bin/bash
# Session ar, call 4 (carry ["dist"]; dist = 8a0968b, main's kernels).
# Variants only: with section 95's cheaper cluster end, do K splits as
# clusters now beat the workspace split where the planner keeps it?
# 1. 8192^2 17..32 rows: the planner's 2 workspace splits of 32 x 128
#    against the same tile as a cluster pair (tied before section 95:
#    section 89's call 2). Prediction: the pair 0.4-0.9 us faster (the
#    11008 x 4096 pairs at M = 24 gained 0.9-1.2 from section 95).
# 2. N = 4096 (4096^2, 4096 x 11008), 17..64 rows: the planner's 4
#    workspace splits of the 2-warpgroup 128-column tile against the
#    one-warpgroup 64-column tile at 3 CTAs per SM with its 4 splits as
#    one cluster (256 CTAs). Prediction: within +-1 us (a different tile;
#    clusters of 4 at 3 CTAs per SM fit, 92 at once).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
date +%T
VARIANT_MS=17,24,32 VARIANT_TIMEOUT=100 VARIANT_SWEEPS=2 VARIANT_REPS=15
for c in w4a16-int4-channel w4a16-int4-g128 w8a16-int8-channel; do
  entry_variants "pair-$c" $c 8192x8192 "pair=17-32:32x128x64:1x2x1:s16:kc2:wg"
done
date +%T
VARIANT_MS=24,32,48,64
for sh in 4096x11008 4096x4096; do
  entry_variants "kc4-$sh" w4a16-int4-channel $sh \
    "kc4=17-32:32x64x64:1x1x1:s6:kc4:c3:wg 33-64:64x64x64:1x1x1:s6:kc4:c3:wg"
done
date +%T
bash scripts/bundle-out.sh
