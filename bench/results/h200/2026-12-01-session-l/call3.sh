#!/bin/bash
# Session l, call 3: what about our cluster kernels is slow, when a 33.5 MB
# streaming read launched as clusters of 4 that fit is not (call 1). (1)
# bench/cluster_probe.cu's streaming variants: cluster shape at launch or
# fixed at compile time, the L2 access-policy window our launches set, and
# our cluster end (shared-memory sums, cluster barriers, distributed
# shared-memory reads by rank 0); (2) per-SM counters of our M = 1 kernel
# of W4A16 8192 x 8192, 4 splits through the workspace (k4) and as one
# cluster at 2 CTAs per SM (kc4:c2): CTAs launched per SM and active cycles,
# min / avg / max.
source scripts/runtime-env.sh
nvcc -O2 -arch=sm_90a -o /tmp/cluster_probe bench/cluster_probe.cu && timeout 120 /tmp/cluster_probe > $OUT/probe.json 2> $OUT/probe.err
echo "probe rc $?"; grep '"stream"' $OUT/probe.json
D="1-8:16x256x64:1x8x1:s8:K4,9-:16x64x64:1x2x4:s24:k1"
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu)
for k in k4 kc4:c2 kc4; do
  timeout 120 $ncu --clock-control none -k 'regex:_m[0-9]+$' -s 1 -c 1 --metrics gpu__time_duration.sum,sm__ctas_launched.min,sm__ctas_launched.max,sm__ctas_launched.sum,sm__cycles_active.min,sm__cycles_active.avg,sm__cycles_active.max,sm__cycles_elapsed.max,launch__cluster_dim_x,launch__occupancy_cluster_pct,launch__cluster_max_active \
    "$HUMMING_RUN" --spec "n=8192 k=8192 weight=int4 scale=channel dispatch=${D/K4/$k} target=h200" -m 1 --iters 2 > $OUT/ncu-${k/:/-}.txt 2>&1
  echo "== $k"; grep -E "^\s+(gpu__|sm__|launch__)" $OUT/ncu-${k/:/-}.txt
done
bash scripts/bundle-out.sh
