#!/bin/bash
# Session af, call 2 (b14b3c6's runtime, carry ["dist"]): call 1 found
# W8A16 at 4096^2 1.0-1.1 us faster on unsplit 32-column blocks at one
# CTA per SM (1..16 rows). The same 32-column blocks for 8-bit codes on
# the other W8A16 shapes, wherever they fill the SMs in one wave:
# 8192^2 at 2 CTAs per SM (256 blocks; planner: unsplit 64-column tiles,
# 128 CTAs), 4096 x 11008 at one (128 blocks of 172 k-blocks; planner 2
# splits), 11008 x 4096 at 3 (344 blocks; planner unsplit 64-column tiles
# at 2 CTAs per SM); and 4096^2 u1 with 16 stages.
# Prediction: 8192^2 0-0.5 us faster (section 53: this kernel is not short
# of bytes in flight; the 4-bit form gained 0.5-0.7 here); 4096 x 11008
# within 0.5 either way (the 4-bit u1 lost 0.7 there: 4 warps per SM);
# 11008 x 4096 0.2-0.8 faster (the 4-bit 3-CTA blocks gained 1.1-1.4);
# 4096^2 s16 within 0.2 of s32.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
c=w8a16-int8-channel
spec() { echo "n=${1%x*} k=${1#*x} $(case_spec $c) target=h200"; }
export VARIANT_MS=1,4,8,12,16 VARIANT_REPS=15 VARIANT_TIMEOUT=100
s=$(spec 8192x8192)
variants b32-8192x8192 $c 8192x8192 \
  "c2=dispatch=$(plan_table "$s" 1-8:8x32x64:1x1x4:s32:k1:c2:sw 9-16:16x32x64:1x1x4:s24:k1:c2)" \
  "c2s16=dispatch=$(plan_table "$s" 1-8:8x32x64:1x1x4:s16:k1:c2:sw)"
s=$(spec 4096x11008)
variants b32-4096x11008 $c 4096x11008 \
  "u1=dispatch=$(plan_table "$s" 1-8:8x32x64:1x1x4:s32:k1:sw 9-16:16x32x64:1x1x4:s32:k1)"
s=$(spec 11008x4096)
variants b32-11008x4096 $c 11008x4096 \
  "c3=dispatch=$(plan_table "$s" 1-8:8x32x64:1x1x4:s16:k1:c3:sw 9-16:16x32x64:1x1x4:s16:k1:c3)"
s=$(spec 4096x4096)
variants b32-4096x4096 $c 4096x4096 \
  "u1=dispatch=$(plan_table "$s" 1-8:8x32x64:1x1x4:s32:k1:sw 9-16:16x32x64:1x1x4:s32:k1)" \
  "u1s16=dispatch=$(plan_table "$s" 1-8:8x32x64:1x1x4:s16:k1:sw 9-16:16x32x64:1x1x4:s16:k1)"
bash scripts/bundle-out.sh
