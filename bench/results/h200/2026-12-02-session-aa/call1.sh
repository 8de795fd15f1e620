#!/bin/bash
# Session aa, call 1 (this commit's runtime in dist/, Marlin built in the
# git-ignored peers/; carry ["dist", "peers"], about 8 min).
# 1. The final run on main's kernels: the g128 kernels with sums copy each
#    scale row only into the stage that reads it (fb4404b), which no final
#    run had. Prediction (section 63's A / B against dec3150): g128 8192^2
#    M = 16 / 64 15.2-15.4 / 23.4 (dec3150: 15.6 / 24.1), 11008 x 4096 M =
#    64 0.5-0.7 faster, 28672 x 4096 M = 16 ~1.0 faster, 8192^2 M = 8 0-0.3
#    slower (14.3 -> 14.3-14.6); channel and W8A16 within 0.3 of dec3150
#    (same PTX).
# 2. Group scales in the B fragment (`:bf`, new) on the tiles that hold sums
#    today, 8192^2 g128: the 32-column swapped block of section 63 (sums:
#    14.5 / 15.5 at M = 1 / 8) and the planner's 1..8 and 9..16 entries.
#    SASS (ptxas 13.0, scripts/sass.sh): the 32-column loop is 259
#    instructions with `:bf` against 230 with sums (+32 HMUL2, +8 moves that
#    splat the scales, +8 scale loads, +2 copies; -16 FFMA, -8 conversions).
#    Section 63 found this loop bound by its instruction stream, so the
#    prediction is `:bf` 0.5-1.5 us slower than sums on the 32-column
#    block, and 0-1 slower on the planner's tiles. A gain would reopen the
#    placement rule (groupScaleBlocks); a loss closes section 63's last lead.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
[ -f peers/build.sh ] && bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"
OUT=$OUT/full timeout 330 bash bench/run.sh --ms 1,4,8,16,32,64 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; grep -E "^\| (humming-mlir|marlin|impl)|^## " $OUT/full.log | head -100
s="n=8192 k=8192 weight=int4 scale=group group_size=128 target=h200"
n32=1-8:8x32x64:1x1x4:s32:k1:c2:sw
VARIANT_MS=1,8,16 VARIANT_TIMEOUT=140 variants bf w4a16-int4-g128 8192x8192 \
  "n32=dispatch=$(plan_table "$s" $n32)" \
  "n32bf=dispatch=$(plan_table "$s" $n32:bf)" \
  "planbf=dispatch=$(plan_table "$s" 1-8:8x128x64:1x4x1:s8:k4:c2:sw:bf 9-16:16x128x64:1x4x1:s8:k4:c2:bf)"
bash scripts/bundle-out.sh
