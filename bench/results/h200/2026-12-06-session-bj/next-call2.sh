#!/bin/bash
# For the next device session, after next-call1.sh (carry
# ["dist/humming-runtime.tar.xz", "dist/COMMIT"]): 8-bit channel codes at
# 8192^2 193..256 rows, the last 8192^2 W8A16 kernel over the compile
# target (the 128 x 256 tile's cluster pair as two warpgroups: 376-441 ms
# on session bf's machine, 589 on session bj's; four warpgroups measured
# 1.07-1.08x slower there, sections 125-127). The planner's estimate
# rates the 128 x 128 tile unsplit (wA: 128 tiles, one wave, 128 k-blocks
# a CTA) a tie with it; wA compiles in half the time (this kernel 238 ms
# against the pair's 485 on session bj's machine, compiled alternately, 3
# each). Section 69 measured the two
# 61.3 / 62.3 us for W4A16 channel at M = 256 (wA / wC pair).
# Prediction: wA within 2 % of the planner's pair at M = 193 / 224 / 256
# for 8-bit codes. Rule: if within 1 % on the mean and 3 % at any M, a
# tie-break toward the tile of fewer registers (cheaper to compile) in
# estimateMicros is worth a GemmPlan change (then the shapes tier and an
# A / B at 4096 x 11008 and 5120^2, where the same tie-break would act).
set -u
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
VARIANT_MS=193,224,256 VARIANT_REPS=15 VARIANT_SWEEPS=2 VARIANT_TIMEOUT=120
export VARIANT_MS VARIANT_REPS VARIANT_SWEEPS VARIANT_TIMEOUT
entry_variants wa-w8 w8a16-int8-channel 8192x8192 "wa=193-256:128x128x64:1x2x1:s8:k1:wg"
entry_variants wa-w8b w8a16-int8-channel 8192x8192 "wa=193-256:128x128x64:1x2x1:s8:k1:wg"
gpu_clocks
bash scripts/bundle-out.sh
