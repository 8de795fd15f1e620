#!/bin/bash
# Session bi, call 3 (an H100): call 2 found the four-warpgroup 257+ tile at
# 4 stages (2 k-blocks an iteration) within 1-2 % of the planner's two
# warpgroups at 6 for W8A16 channel 8192^2, where at 6 stages it is 5-6 %
# slower. (Call 2's 4-bit half did not run: entry_variants' loop variable
# overwrote the script's array.) Is it the stages, and does the two-
# warpgroup tile gain from 4 as well?
#   base    the planner (two warpgroups, 6 stages, 2 k-blocks an iteration)
#   b2s4    two warpgroups, 4 stages, 2 an iteration
#   w4s4    four warpgroups, 4 stages, 2 an iteration
#   w4s4i1  four, 4 stages, 1 an iteration
#   w4s5    four, 5 stages, 1 an iteration
#   w4s8i4  four, 8 stages, 4 an iteration (4-bit only: shared memory)
# Prediction: w4s4 within 2 % of base for both code widths; b2s4 within
# 1 % of base (section 83's deeper-queue rule at this size).
set -u
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
e=257-:128x256x64
export VARIANT_MS=512,1024,4096 VARIANT_REPS=10 VARIANT_SWEEPS=2 VARIANT_TIMEOUT=${VT:-150}
tiles=("base=$e:1x2x1:s6:k1:wg" "b2s4=$e:1x2x1:s4:k1:wg:i2" "w4s4=$e:1x4x1:s4:k1:wg:i2"
       "w4s4i1=$e:1x4x1:s4:k1:wg:i1" "w4s5=$e:1x4x1:s5:k1:wg")
entry_variants v-w4a16-int4-channel w4a16-int4-channel 8192x8192 "${tiles[@]}" \
  "w4s8i4=$e:1x4x1:s8:k1:wg:i4"
entry_variants v-w8a16-int8-channel w8a16-int8-channel 8192x8192 "${tiles[@]}"
gpu_clocks
bash scripts/bundle-out.sh
