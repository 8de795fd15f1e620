#!/bin/bash
# Session bk, call 8 (carry ["dist/humming-runtime.tar.xz", "dist/COMMIT"]):
# do the 4-bit four-warpgroup rules (channel at 8 stages, 4 an iteration;
# g128 with the scales in the fragment) lose at 57344 x 8192 as the 8-bit
# one did (call 2-3: 3.3-5.2 %; call 6: where the kernel streams its
# weights from DRAM)? In one process against the two-warpgroup entries.
# Prediction: 4-bit four 0-3 % slower (8 stages in flight against 6, less
# exposed than 8-bit's 4); g128 within 2 %. Rule as section 128's: 3 % or
# more slower on the mean takes the shape out of the rule.
set -u
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
export VARIANT_MS=128,300,1024 VARIANT_REPS=10 VARIANT_SWEEPS=2 VARIANT_TIMEOUT=200
two="two=97-128:128x256x64:1x2x1:s6:k1:wg 193-:128x256x64:1x2x1:s6:k1:wg"
entry_variants c4-57344 w4a16-int4-channel 57344x8192 "$two"
entry_variants g4-57344 w4a16-int4-g128 57344x8192 "$two"
gpu_clocks
bash scripts/bundle-out.sh
