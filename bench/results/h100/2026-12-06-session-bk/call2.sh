#!/bin/bash
# Session bk, call 2 (carry ["dist/humming-runtime.tar.xz", "dist/COMMIT"]).
# Call 1's A / B of 19a7078 (separate processes, base then new) put the new
# 8-bit four-warpgroup 257+ kernel 5-6 % slower at 8192^2, but 8192^2's
# M = 128 cell, whose PTX is byte-identical in both builds, was 6 % slower
# too, and cuBLAS's M = 4096 cell 5 % slower in the "new" runs: the GPU
# throttled (1440 MHz after each run). So the rule is measured again here
# with both tables in one process, interleaved call by call:
# `two` = 3d4136f's two-warpgroup entries where 19a7078 changed them.
# Prediction (H200 session bi: 0.99-1.02x): the planner within 2 % of
# `two` at every M; rule: a shape whose changed range is 3 % or more slower
# on the mean leaves the rule.
# Then next-call2.sh of session bj: 8-bit 8192^2 193..256 on the 128 x 128
# tile unsplit (wA) against the planner's pair.
set -u
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
export VARIANT_REPS=10 VARIANT_SWEEPS=2 VARIANT_TIMEOUT=120
c=w8a16-int8-channel
VARIANT_MS=300,512,1024,4096 entry_variants two-8192 $c 8192x8192 "two=257-:128x256x64:1x2x1:s6:k1:wg"
VARIANT_MS=128,300,1024 entry_variants two-57344 $c 57344x8192 \
  "two=97-128:128x256x64:1x2x1:s6:k1:wg 193-:128x256x64:1x2x1:s6:k1:wg"
VARIANT_MS=300,512,1024,4096 entry_variants two-3584 $c 3584x18944 \
  "two=257-512:128x256x64:1x2x1:s6:kc2:wg 513-:128x256x64:1x2x1:s6:k1:wg"
VARIANT_MS=600,1024,4096 entry_variants two-4096 $c 4096x11008 "two=513-:128x256x64:1x2x1:s6:k1:wg"
VARIANT_MS=193,224,256 VARIANT_REPS=15 entry_variants wa-w8 $c 8192x8192 "wa=193-256:128x128x64:1x2x1:s8:k1:wg"
gpu_clocks
bash scripts/bundle-out.sh
