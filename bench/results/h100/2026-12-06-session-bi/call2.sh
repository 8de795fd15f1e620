#!/bin/bash
# Session bi, call 2 (an H100): why the 128 x 256 tile as four warpgroups
# is slower for channel layers, and whether a loop of another depth closes
# it. Call 1's profile (W8A16 channel 8192^2 M = 4096): four warpgroups
# issue 1.41x the instructions, tensor pipe 73.2 % against 77.7 %, barrier
# and short-scoreboard stalls up. Variants of the 257+ entry, 8192^2,
# W8A16 and W4A16 channel, M = 512, 1024, 4096:
#   base  the planner (two warpgroups, 6 stages, 2 k-blocks an iteration)
#   w4    four warpgroups, as main gives 4-bit groups
#   w4i1  four, one k-block an iteration (twice the barriers)
#   w4s4  four, 4 stages, 2 an iteration (fewer bytes in flight)
#   w4i4  four, 8 stages, 4 k-blocks an iteration (half the barriers;
#         4-bit only: 8 stages of 8-bit codes exceed shared memory)
# Prediction: w4i4 closes half of w4's gap (the barrier and drain per
# iteration are what more warps pay for); w4i1 is slower than w4; w4s4
# within 1 % of w4.
set -u
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
e=257-:128x256x64
export VARIANT_MS=512,1024,4096 VARIANT_REPS=10 VARIANT_SWEEPS=2 VARIANT_TIMEOUT=${VT:-150}
v=("base=$e:1x2x1:s6:k1:wg" "w4=$e:1x4x1:s6:k1:wg" "w4i1=$e:1x4x1:s6:k1:wg:i1"
   "w4s4=$e:1x4x1:s4:k1:wg:i2")
entry_variants v-w8a16-int8-channel w8a16-int8-channel 8192x8192 "${v[@]}"
entry_variants v-w4a16-int4-channel w4a16-int4-channel 8192x8192 "${v[@]}" \
  "w4i4=$e:1x4x1:s8:k1:wg:i4"
gpu_clocks
bash scripts/bundle-out.sh
