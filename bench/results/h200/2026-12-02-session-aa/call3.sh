#!/bin/bash
# Session aa, call 3 (main's runtime; carry ["dist"], about 5 min).
# Call 2 (4 rounds against 34d0c41): since the half-apart code layout the
# 128 x 128 tiles of 2 x 2 whole-tile warps run 3-4 % slower at M = 512 /
# 1024, W8A16 and W4A16 alike (W8A16 1024: 424.8 -> 441.5 us, means of 4).
# A whole-tile warp reads its tile's two halves apart; a half-tile warp
# reads one. Variants of the 65+ entries, 8192^2, M = 128 / 512 / 1024:
#  w24: 128 x 128 of 2 x 4 half-tile warps (64 x 32 each, 64 accumulators;
#       SASS, ptxas 13.0: 157 / 159 registers against 255 / 248, loop 200 /
#       205 instructions for 64 HMMA against 367 / 382 for 128);
#  w42: 4 x 2 whole-tile warps of 32 rows (each weight tile decoded by 4
#       warps instead of 2).
# Prediction: w24 0-5 % faster than the planner at 512 / 1024 (8 warps per
# CTA, a third fewer registers, the A fragments loaded twice as often);
# w42 slower (twice the decodes).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
for c in "w8a16-int8-channel:weight=int8 scale=channel" "w4a16-int4-channel:weight=int4 scale=channel"; do
  case=${c%%:*}; s="n=8192 k=8192 ${c#*:} target=h200"
  VARIANT_MS=128,512,1024 VARIANT_REPS=12 VARIANT_TIMEOUT=200 variants ${case%%-*} $case 8192x8192 \
    "w24=dispatch=$(plan_table "$s" 65-128:128x128x64:2x4x1:s4:k2 129-:128x128x64:2x4x1:s4:k1)" \
    "w42=dispatch=$(plan_table "$s" 65-128:128x128x64:4x2x1:s4:k2 129-:128x128x64:4x2x1:s4:k1)"
done
bash scripts/bundle-out.sh
