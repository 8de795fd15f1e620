#!/bin/bash
# Session bk, call 3: call 2 put the planner's four-warpgroup 8-bit tile
# 3-4.5 % slower than two warpgroups at 57344 x 8192 (M = 128 / 300 / 1024)
# and within 1 % at 8192^2. Repeated with three sweeps, `two` listed first
# this time, and 8192^2 M = 1024 as the control in the same call.
# Prediction: if call 2's gap is the kernels', it repeats within 1 %.
set -u
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
export VARIANT_REPS=10 VARIANT_SWEEPS=3 VARIANT_TIMEOUT=150
c=w8a16-int8-channel
VARIANT_MS=128,300,1024 entry_variants two-57344 $c 57344x8192 \
  "two=97-128:128x256x64:1x2x1:s6:k1:wg 193-:128x256x64:1x2x1:s6:k1:wg"
VARIANT_MS=1024 entry_variants two-8192 $c 8192x8192 "two=257-:128x256x64:1x2x1:s6:k1:wg"
gpu_clocks
bash scripts/bundle-out.sh
