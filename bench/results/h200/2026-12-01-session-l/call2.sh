#!/bin/bash
# Session l, call 2: K splits as clusters that fit in one wave (section 32).
# Call 1 found that a cluster launch runs in two waves when the grid's
# clusters exceed cudaOccupancyMaxActiveClusters (at one CTA per SM: 30
# clusters of 4, 39 of 3, 15 of 8 on this H200). Here the planner's M <= 16
# split kernels with their splits as one cluster and 2 CTAs per SM allowed
# (`kc<n>:c2`: the carveout holds two, so 62 clusters of 4 / 79 of 3 / 30 of
# 8 fit), against the planner, same run, M = 1 / 4 / 8 / 16, 2 sweeps x 15.
# (1) humming-run checks the cluster tables first (every row vs reference).
source scripts/runtime-env.sh
chk() { echo "== $1"; timeout 90 "$HUMMING_RUN" --spec "$1 target=h200" -m 1,5,8,9,16 --iters 3 -q 2>&1 | tail -6; }
{
chk "n=8192 k=8192 weight=int4 scale=channel dispatch=1-8:16x256x64:1x8x1:s8:kc4:c2,9-:16x64x64:1x2x4:s24:k1"
chk "n=4096 k=11008 weight=uint4 scale=group group_size=128 zero_point=integer dispatch=1-16:16x256x64:1x8x1:s8:kc8:c2,17-:128x128x64:2x2x1:s4:k1"
chk "n=11008 k=4096 weight=int8 scale=channel bias=1 dispatch=1-16:16x256x64:1x8x1:s6:kc3:c2,17-:128x128x64:2x2x1:s4:k1"
chk "n=4096 k=4096 weight=int4 scale=channel dispatch=1-16:16x128x64:1x4x2:s16:kc4:c2,17-:128x128x64:2x2x1:s4:k1"
} > $OUT/check.txt 2>&1
echo "PASS lines: $(grep -c "^M=.* PASS " $OUT/check.txt) of 20"; grep -E "FAIL|rror" $OUT/check.txt | head -5
v() { c=$1; sh=$2; a=$3; b=$4; OUT=$OUT/v-$c-$sh timeout 100 bash bench/run.sh --cases $c --shapes $sh --ms 1,4,8,16 --reps 15 --sweeps 2 --no-graph --variant "cl=dispatch=$a" ${b:+--variant "cl1=dispatch=$b"} > $OUT/v-$c-$sh.log 2>&1; echo "== $c $sh rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/v-$c-$sh.log; grep -iE "gate|error|fail" $OUT/v-$c-$sh.log | head -3; }
R4="65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1"
v w4a16-int4-channel 4096x4096 "1-16:16x128x64:1x4x2:s16:kc4:c2,17-32:32x128x64:1x2x1:s16:k4:wg,33-64:64x128x64:1x2x1:s16:k4:wg,$R4"
v w4a16-int4-channel 8192x8192 "1-8:16x256x64:1x8x1:s8:kc4:c2,9-16:16x64x64:1x2x4:s24:k1,17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x128x64:1x2x1:s16:k2:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1"
v w4a16-int4-channel 11008x4096 "1-8:16x256x64:1x8x1:s8:kc3:c2,9-16:16x64x64:1x2x4:s16:k1:c2,17-32:32x64x64:1x1x1:s6:kc2:c3:wg,33-64:64x64x64:1x1x1:s6:kc2:c3:wg,65-:128x128x64:2x2x1:s4:k1"
v w4a16-int4-channel 4096x11008 "1-16:16x128x64:1x4x2:s16:kc4:c2,17-32:32x128x64:1x2x1:s16:k4:wg,33-64:64x128x64:1x2x1:s16:k4:wg,$R4"
v w4a16-int4-g128 4096x4096 "1-16:16x256x64:1x8x1:s8:kc8:c2,17-32:32x128x64:1x2x1:s12:k4:wg,33-64:64x128x64:1x2x1:s12:k4:wg,$R4"
v w4a16-int4-g128 8192x8192 "1-16:16x256x64:1x8x1:s8:kc4:c2,17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x128x64:1x2x1:s16:k2:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1"
v w4a16-int4-g128 11008x4096 "1-16:16x256x64:1x8x1:s8:kc3:c2,17-32:32x64x64:1x1x1:s6:kc2:c3:wg,33-64:64x64x64:1x1x1:s6:kc2:c3:wg,65-:128x128x64:2x2x1:s4:k1"
v w4a16-int4-g128 4096x11008 "1-16:16x256x64:1x8x1:s8:kc8:c2,17-32:32x64x64:1x1x1:s6:k6:c3:wg,33-64:64x128x64:1x2x1:s12:k4:wg,$R4"
v w8a16-int8-channel 4096x4096 "1-16:16x64x64:1x2x4:s16:kc2,17-32:32x128x64:1x2x1:s12:k4:wg,33-64:64x128x64:1x2x1:s12:k4:wg,$R4"
v w8a16-int8-channel 11008x4096 "1-16:16x256x64:1x8x1:s6:kc3:c2,17-32:32x64x64:1x1x1:s6:kc2:c3:wg,33-64:64x64x64:1x1x1:s6:kc2:c3:wg,65-:128x128x64:2x2x1:s4:k1" "1-16:16x256x64:1x8x1:s6:k3:c2,17-32:32x64x64:1x1x1:s6:kc2:c3:wg,33-64:64x64x64:1x1x1:s6:kc2:c3:wg,65-:128x128x64:2x2x1:s4:k1"
v w8a16-int8-channel 4096x11008 "1-16:16x64x64:1x2x4:s16:kc2,17-32:32x128x64:1x2x1:s16:k4:wg,33-64:64x128x64:1x2x1:s12:k4:wg,$R4"
bash scripts/bundle-out.sh
