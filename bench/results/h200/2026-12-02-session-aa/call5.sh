#!/bin/bash
# Session aa, call 5 (main's runtime; carry ["dist"], about 3 min).
# Large M on warpgroup MMA. The planner's 65+ kernels are mma.sync 128 x 128
# tiles (2 x 4 half-tile warps since 527f56f), 336-346 TFLOP/s at 8192^2 M
# = 4096 (call 4); the wgmma builder (weights as the A operand from
# registers, activation rows as its N, 8..256) takes these tiles too (the
# wgmma tier validates 128 x 128 of one warpgroup and 256 x 128 of two at
# 65+) but was never timed there. Variants of the 129+ entry, 8192^2, M =
# 512 / 1024 / 4096:
#  wA 128x128x64:1x2x1:s8:k1:wg   (m64n128k16; 144 registers)
#  wB 256x128x64:1x2x1:s4:k1:wg   (m64n256k16; 234 registers)
#  wC 128x256x64:1x2x1:s6:k1:wg   (two weight tiles per warpgroup; 255)
# Prediction: all three faster than the mma.sync tile at M >= 1024, wB the
# most (half the decodes per activation row of wA): 20-40 %; at M = 512 (64
# N tiles x 2-4 M tiles: 256 CTAs of wA, 128 of wB on 132 SMs) wA best.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
for c in "w4a16-int4-channel:weight=int4 scale=channel" "w4a16-int4-g128:weight=int4 scale=group group_size=128" "w8a16-int8-channel:weight=int8 scale=channel"; do
  case=${c%%:*}; s="n=8192 k=8192 ${c#*:} target=h200"
  VARIANT_MS=512,1024,4096 VARIANT_REPS=10 VARIANT_SWEEPS=2 VARIANT_TIMEOUT=100 variants ${case} $case 8192x8192 \
    "wA=dispatch=$(plan_table "$s" 129-:128x128x64:1x2x1:s8:k1:wg)" \
    "wB=dispatch=$(plan_table "$s" 129-:256x128x64:1x2x1:s4:k1:wg)" \
    "wC=dispatch=$(plan_table "$s" 129-:128x256x64:1x2x1:s6:k1:wg)"
done
bash scripts/bundle-out.sh
