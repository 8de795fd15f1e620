#!/bin/bash
# Session bb (carry ["dist"]; dist/ = 3cbce3e): 1..16 rows where the
# planner's tile count leaves SMs unevenly loaded. 18944 x 3584 (call 4:
# 1.06x Marlin at M = 16 on an H100, 18.9 against 20.0 us, floor 8.1) takes
# 148 CTAs of the 2-CTA 16 x 128 tile on 132 SMs: 16 SMs stream 256
# columns, 116 stream 128. Against it, 64-column tiles (2 half-tile warps x
# 4 along K, 16 stages) at 3 CTAs per SM (296 CTAs: the busiest SM 192
# columns) and 32-column blocks of 4 warps along K, 12 stages, at 5 CTAs
# per SM (592 of 660 slots: 160 columns); channel and g128. 13824 x 5120
# at 1..8 takes 2 K splits of the 8-warp 16 x 256 tile (108 CTAs, 24 SMs
# idle) because the 2-CTA 64-column staged tile fills 216 / 264 = 0.82 of
# the slots, under its 5/6 rule: that tile against it.
# 37888 x 3584 (Qwen2-7B's fused gate-up) takes 1.12 waves at every M <=
# 64 (148 CTAs of 256 columns at one per SM, 296 of 128 at two): 128
# columns at 3 CTAs per SM at 1..16 (296 of 396 slots), 64-column
# warpgroup tiles at 5 CTAs per SM at 17..64 (592 of 660; 89 / 96
# registers, 4 stages of 64 rows). 22016 x 4096 (Llama-2-7B's fused
# gate-up) at 1..16 takes 172 CTAs of the 2-CTA 16 x 128 tile (40 SMs
# with two): the 64-column tile at 3 CTAs per SM (344 of 396).
# Prediction: 18944 x 3584 1-3 us faster at every M on one of the two
# (c3 more likely: its SMs' busiest share is 25 % below the planner's);
# 13824 x 5120 at 1 / 8 0.5-1.5 faster; 37888 x 3584 2-5 faster at every
# M (one wave instead of 1.12); 22016 x 4096 1-2 faster.
set -u
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
VARIANT_MS=1,8,9,16 VARIANT_TIMEOUT=110
C3="c3=1-8:8x64x64:1x2x4:s16:k1:c3:sw 9-16:16x64x64:1x2x4:s16:k1:c3"
C5="c5=1-8:8x32x64:1x1x4:s12:k1:c5:sw 9-16:16x32x64:1x1x4:s12:k1:c5"
entry_variants q18944-channel w4a16-int4-channel 18944x3584 "$C3" "$C5"
entry_variants q18944-g128 w4a16-int4-g128 18944x3584 "$C3" "$C5"
entry_variants q22016-channel w4a16-int4-channel 22016x4096 "$C3"
VARIANT_MS=1,16,32,64
entry_variants w37888-channel w4a16-int4-channel 37888x3584 \
  "c35=1-8:8x128x64:1x4x1:s8:k1:c3:sw 9-16:16x128x64:1x4x1:s8:k1:c3 17-32:32x64x64:1x1x1:s6:k1:c5:wg 33-64:64x64x64:1x1x1:s4:k1:c5:wg"
VARIANT_MS=1,4,8
entry_variants q13824-channel w4a16-int4-channel 13824x5120 \
  "s2=1-8:8x64x64:1x2x4:s16:k1:c2:sw"
gpu_clocks
bash scripts/bundle-out.sh
