#!/bin/bash
# Session o, call 7 (a14512b's runtime): where the swapped kernel's extra
# gain for W8A16 came from (section 39: 1.0 us at 8192^2, M = 1, with the
# same 152-instruction loop and half the HMMAs): ncu with per-SASS samples
# of the planner's swapped 1..8 kernel and of the 16-row kernel it
# replaced, and of the 9..16 W4A16 kernel at M = 16 (the M = 16 target).
R8="9-16:16x64x64:1x2x4:s16:k1,17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x64x64:1x1x1:s6:k3:c3:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1"
HUMMING_PROFILE_SOURCE=1 OUT=$OUT/w8sw timeout 150 bash bench/profile.sh "n=8192 k=8192 weight=int8 scale=channel target=h200" 1
HUMMING_PROFILE_SOURCE=1 OUT=$OUT/w8m16 timeout 150 bash bench/profile.sh "n=8192 k=8192 weight=int8 scale=channel target=h200 dispatch=1-16:16x64x64:1x2x4:s16:k1,17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x64x64:1x1x1:s6:k3:c3:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1" 1
HUMMING_PROFILE_SOURCE=1 OUT=$OUT/w4m16 timeout 150 bash bench/profile.sh "n=8192 k=8192 weight=uint4 scale=channel target=h200" 16
bash scripts/bundle-out.sh
