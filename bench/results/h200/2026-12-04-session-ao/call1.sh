#!/bin/bash
# Session ao, call 1 (carry ["dist"]; dist = branch exp/i8: main 30083f7
# with section 89's eight-per-iteration.patch, so `:i8` parses; the
# planner's tables are main's). Variants only, no kernel change:
# 1. g128 8192^2 at 33..64 rows: the planner's 16-stage cluster pair with
#    two sets of per-run sums (i4: 2 runs of 2 k-blocks, 64 FFMA after each
#    iteration's MMA wait) against the same tile with the group scales in
#    the decoded fragment (`:bf`: one HMUL2 per decoded pair, overlapped
#    with the MMAs, no sums), and `:bf:i8` (8 k-blocks an iteration, which
#    sums cannot take: 4 runs would need 160 registers of sums).
#    Prediction: bf 0.3-0.8 us faster than the planner at M = 48 / 64 (the
#    post-wait FFMAs are the 1.6 us between g128 and channel on this
#    tile; section 25's g64 runs of one showed what they cost when
#    nothing overlaps them); bf:i8 another 0-0.3 (channel's i8 in
#    section 89 call 6: 0.1-0.2).
# 2. The same at 17..32 (32 x 128, 16 stages, 2 workspace splits), M = 24
#    / 32: bf within +-0.3 (runs of 2 at 32 rows: half the FFMAs).
# 3. channel 8192^2 33..64 i8 against the planner's i4, again (call 6 of
#    session an: 0.1-0.2 faster, one run). Prediction: the same, 0.1-0.2.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
date +%T
VARIANT_MS=40,48,56,64 VARIANT_TIMEOUT=120 VARIANT_SWEEPS=2 VARIANT_REPS=15
entry_variants g128-33 w4a16-int4-g128 8192x8192 \
  "bf=33-64:64x128x64:1x2x1:s16:kc2:wg:bf" \
  "bfi8=33-64:64x128x64:1x2x1:s16:kc2:wg:bf:i8"
date +%T
entry_variants ch-33 w4a16-int4-channel 8192x8192 \
  "i8=33-64:64x128x64:1x2x1:s16:kc2:wg:i8"
date +%T
VARIANT_MS=24,32
entry_variants g128-17 w4a16-int4-g128 8192x8192 \
  "bf=17-32:32x128x64:1x2x1:s16:k2:wg:bf" \
  "bfi8=17-32:32x128x64:1x2x1:s16:k2:wg:bf:i8"
date +%T
VARIANT_MS=40,48,56,64
entry_variants g128-33b w4a16-int4-g128 8192x8192 \
  "bf=33-64:64x128x64:1x2x1:s16:kc2:wg:bf" \
  "bfi8=33-64:64x128x64:1x2x1:s16:kc2:wg:bf:i8"
date +%T
bash scripts/bundle-out.sh
