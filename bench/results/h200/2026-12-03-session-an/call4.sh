#!/bin/bash
# Session an, call 4 (carry ["dist"]; dist = branch exp/four-per-iteration-12,
# 08ea2ab; dist/base = 08abfa2). Call 3 found the 33..64 pair tile at
# 8192^2 1.0-1.5 us slower at 12 or 8 stages than at 16, and 12 no faster
# than 8: 16 stages are also where an iteration takes 4 k-blocks (one
# wait, fence and barrier per 4), 12 and 8 take 2. The branch gives wgmma
# tiles of 12 stages 4 k-blocks an iteration too (8 in flight).
# 1. A / B, base new base new: the planner's 12-stage wgmma kernels
#    (4096^2 g128 / W8A16 at 17..64, 4096 x 11008 at 33..64; channel
#    4096^2 at 17..64 is 16 stages: unchanged, a control), M = 24 / 32 /
#    48 / 64. Prediction: the 12-stage cells 0.2-0.8 us faster, the
#    16-stage ones within +-0.2.
# 2. Variants at 8192^2 on the branch, M = 48 / 64: W8A16's pair tile at 12
#    stages (now 4 an iteration) against the planner's 8 (2 an iteration):
#    0.5-1.2 faster; 4-bit channel at 12 (4 an iteration) against the
#    planner's 16: within +-0.3 if the k-blocks per iteration were what
#    call 3 measured.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
date +%T
timeout 200 bash bench/ab.sh dist/base/humming-runtime.tar.xz 2 \
  --cases w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel \
  --shapes 4096x4096,4096x11008 --ms 24,32,48,64 --reps 15 --sweeps 2 \
  --no-graph --peers /nonexistent
date +%T
VARIANT_MS=48,64 VARIANT_TIMEOUT=60
entry_variants i4-w8 w8a16-int8-channel 8192x8192 "s12=33-64:64x128x64:1x2x1:s12:kc2:wg"
entry_variants i4-channel w4a16-int4-channel 8192x8192 "s12=33-64:64x128x64:1x2x1:s12:kc2:wg"
date +%T
bash scripts/bundle-out.sh
