#!/bin/bash
# Session l, call 1: why K splits as clusters of 3+ CTAs are slow (section 30).
# (1) bench/cluster_probe.cu: the GPC map, cudaOccupancyMaxActiveClusters and
# the waves a 20-us spin kernel runs in, per cluster size and CTAs per SM,
# and a 33.5 MB streaming read launched as clusters of 1/2/4/8;
# (2) ncu (launch, occupancy, speed of light, warp states) on the planner's
# M = 1 kernel of W4A16 8192 x 8192 (4 splits through the workspace) and
# the same tile with the 4 splits as one cluster.
source scripts/runtime-env.sh
nvcc -O2 -arch=sm_90a -o /tmp/cluster_probe bench/cluster_probe.cu && timeout 120 /tmp/cluster_probe > $OUT/probe.json 2> $OUT/probe.err
echo "probe rc $?"; cat $OUT/probe.json | cut -c1-400
D="1-8:16x256x64:1x8x1:s8:K4,9-16:16x64x64:1x2x4:s24:k1,17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x128x64:1x2x1:s16:k2:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1"
for k in k4 kc4; do
  OUT=$OUT/$k timeout 150 bash bench/profile.sh "n=8192 k=8192 weight=int4 scale=channel dispatch=${D/K4/$k} target=h200" 1 > $OUT/profile-$k.log 2>&1
  echo "== $k"; cat $OUT/profile-$k.log
  grep -iE "cluster|waves|Grid Size|Block Limit|Duration" $OUT/$k/profile/*.txt | head -30
done
bash scripts/bundle-out.sh
