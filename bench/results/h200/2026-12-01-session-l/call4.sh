#!/bin/bash
# Session l, call 4: cluster splits that fit this H200's one-CTA-per-SM
# cluster capacity (call 1: 66 pairs, 39 clusters of 3, 30 of 4) with enough
# shared memory that no SM takes two (call 3b: a cluster launch doubles CTAs
# up on some SMs where the shared memory lets it, and those SMs take 1.45x).
# W4A16 channel and g128 at 8192 x 8192, M = 1 / 4 / 8 / 16, against the
# planner (16 x 256, 4 splits through the workspace): (a) 16 x 256, 3 splits
# as one cluster, 12 stages (96 CTAs, 32 clusters of 3); (b) 16 x 128, 2
# splits as a pair, 24 stages (128 CTAs, 64 pairs); (c) 16 x 256 with 3
# splits through the workspace (the cluster's control).
source scripts/runtime-env.sh
{
for s in "weight=int4 scale=channel" "weight=uint4 scale=group group_size=128"; do
  for d in "1-8:16x256x64:1x8x1:s12:kc3,9-:16x64x64:1x2x4:s24:k1" "1-8:16x128x64:1x4x2:s24:kc2,9-:16x64x64:1x2x4:s24:k1"; do
    echo "== $s $d"; timeout 90 "$HUMMING_RUN" --spec "n=8192 k=8192 $s dispatch=$d target=h200" -m 1,5,8 --iters 3 -q 2>&1 | tail -3
  done
done
} > $OUT/check.txt 2>&1
echo "PASS lines: $(grep -c "^M=.* PASS " $OUT/check.txt) of 12"; grep -E "FAIL|rror" $OUT/check.txt | head -5
T="17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x128x64:1x2x1:s16:k2:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1"
v() { c=$1; n9=$2; OUT=$OUT/v-$c timeout 150 bash bench/run.sh --cases $c --shapes 8192x8192 --ms 1,4,8,16 --reps 15 --sweeps 2 --no-graph \
  --variant "a=dispatch=1-8:16x256x64:1x8x1:s12:kc3,$n9,$T" --variant "b=dispatch=1-8:16x128x64:1x4x2:s24:kc2,$n9,$T" --variant "c=dispatch=1-8:16x256x64:1x8x1:s12:k3,$n9,$T" > $OUT/v-$c.log 2>&1
  echo "== $c rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/v-$c.log; grep -iE "gate|error|fail" $OUT/v-$c.log | head -3; }
v w4a16-int4-channel 9-16:16x64x64:1x2x4:s24:k1
v w4a16-int4-g128 9-16:16x256x64:1x8x1:s8:k4
bash scripts/bundle-out.sh
