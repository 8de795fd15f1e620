source scripts/runtime-env.sh
D="1-8:16x256x64:1x8x1:s8:K4,9-:16x64x64:1x2x4:s24:k1"
ncu=$(command -v ncu || ls /usr/local/cuda/bin/ncu)
for k in k4 kc4:c2 kc4; do
  timeout 120 $ncu --clock-control none -k 'regex:_m[0-9]+$' -s 1 -c 1 --metrics gpu__time_duration.sum,sm__ctas_launched.min,sm__ctas_launched.max,sm__ctas_launched.sum,sm__cycles_active.min,sm__cycles_active.avg,sm__cycles_active.max,sm__cycles_elapsed.max,launch__cluster_dim_x,launch__occupancy_cluster_pct,launch__cluster_max_active \
    "$HUMMING_RUN" --spec "n=8192 k=8192 weight=int4 scale=channel dispatch=${D/K4/$k} target=h200" -m 1 --iters 2 > $OUT/ncu-${k/:/-}.txt 2>&1
  echo "== $k"; grep -E "^\s+(gpu__|sm__|launch__)" $OUT/ncu-${k/:/-}.txt
done
bash scripts/bundle-out.sh
