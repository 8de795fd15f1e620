#!/bin/bash
# Session bk, call 9 (carry ["dist/humming-runtime.tar.xz", "dist/COMMIT"]):
# at 57344 x 8192 the 8-bit four-warpgroup tile at 4 stages lost 3-5 % to
# two warpgroups at 6 (calls 2-3, 6: less DRAM throughput). Four at 5 or 6
# stages (2 k-blocks an iteration; s6:i2 spilled 6 values and ran 5 %
# slower than s4:i2 at 8192^2 M = 4096, section 126) against the planner's
# two, in one process. Prediction: s5 / s6 within 1-2 % of two here (more
# bytes in flight; the spills cost less where DRAM binds). Rule: a deeper
# four where no more than 1 % slower on the mean and 3 % at any M (it
# compiles in about half the time).
set -u
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
export VARIANT_MS=128,300,1024 VARIANT_REPS=10 VARIANT_SWEEPS=2 VARIANT_TIMEOUT=240
entry_variants deep-57344 w8a16-int8-channel 57344x8192 \
  "s5=97-128:128x256x64:1x4x1:s5:k1:wg:i2 193-:128x256x64:1x4x1:s5:k1:wg:i2" \
  "s6=97-128:128x256x64:1x4x1:s6:k1:wg:i2 193-:128x256x64:1x4x1:s6:k1:wg:i2"
gpu_clocks
bash scripts/bundle-out.sh
