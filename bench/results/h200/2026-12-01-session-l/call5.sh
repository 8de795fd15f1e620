#!/bin/bash
# Session l, call 5 (56920cd's runtime: the planner's W8A16 M <= 16 pairs).
# (1) humming-run checks the layers whose tables changed (int8 and
# float8e4m3 channel at 4096 x 4096 and 4096 x 11008) at M = 1, 5, 8, 9,
# 16; (2) those kernels against the previous table (k2 through the
# workspace), same run; (3) leads: W4A16 channel / g128 at 8192 x 8192,
# 17..64 rows on 256-column wgmma tiles (two warpgroups of 128 columns, two
# MMAs per k16 step each, 4 splits), and M = 1..8 as stream-K (132 CTAs
# instead of 128).
source scripts/runtime-env.sh
{
for w in int8 float8e4m3; do for s in "4096 4096" "4096 11008"; do set -- $s
  echo "== $w $1x$2"; timeout 90 "$HUMMING_RUN" --spec "n=$1 k=$2 weight=$w scale=channel bias=1 target=h200" -m 1,5,8,9,16 --iters 3 -q 2>&1 | tail -6
done; done
} > $OUT/check.txt 2>&1
echo "PASS lines: $(grep -c "^M=.* PASS " $OUT/check.txt) of 20"; grep -E "FAIL|rror" $OUT/check.txt | head -5; grep -E "CTAs per SM|cluster" $OUT/check.txt | head -4
v() { c=$1; sh=$2; ms=$3; shift 3; OUT=$OUT/v-$c-$sh timeout 150 bash bench/run.sh --cases $c --shapes $sh --ms $ms --reps 15 --sweeps 2 --no-graph "$@" > $OUT/v-$c-$sh.log 2>&1
  echo "== $c $sh rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/v-$c-$sh.log; grep -iE "gate|error|fail" $OUT/v-$c-$sh.log | head -3; }
R4="65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1"
v w8a16-int8-channel 4096x4096 1,4,8,16 --variant "old=dispatch=1-16:16x64x64:1x2x4:s16:k2,17-32:32x128x64:1x2x1:s12:k4:wg,33-64:64x128x64:1x2x1:s12:k4:wg,$R4"
v w8a16-int8-channel 4096x11008 1,4,8,16 --variant "old=dispatch=1-16:16x64x64:1x2x4:s16:k2,17-32:32x128x64:1x2x1:s16:k4:wg,33-64:64x128x64:1x2x1:s12:k4:wg,$R4"
R2="65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1"
v w4a16-int4-channel 8192x8192 1,4,24,32,48,64 --variant "wide=dispatch=1-8:16x256x64:1x8x1:s8:k4,9-16:16x64x64:1x2x4:s24:k1,17-32:32x256x64:1x2x1:s16:k4:wg,33-64:64x256x64:1x2x1:s12:k4:wg,$R2" --variant "sk=dispatch=1-8:16x256x64:1x8x1:s8:sk,9-16:16x64x64:1x2x4:s24:k1,17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x128x64:1x2x1:s16:k2:wg,$R2"
v w4a16-int4-g128 8192x8192 24,32,48,64 --variant "wide=dispatch=1-16:16x256x64:1x8x1:s8:k4,17-32:32x256x64:1x2x1:s16:k4:wg,33-64:64x256x64:1x2x1:s12:k4:wg,$R2"
bash scripts/bundle-out.sh
