#!/bin/bash
# Session ac, call 4 (the commit after 99ae1dc's runtime: the planner takes 16 clusters of 6
# for the 128 x 256 warpgroup tile at N = 4096, 65..128 rows, where main
# had 8 splits through the workspace; carry ["dist"]).
# Call 3: the clusters of 6 took 4096^2 M = 128 from 24.1 to 20.6 us but
# were flat over 65..128 rows, where the workspace split skips the chunks
# of rows >= M (M = 65: 19.5), so 4096 x 11008 lost 4.2 us at M = 65. Now
# the cluster end skips them too. Prediction: M = 65 ~3-4 us faster than
# call 3's kc6 (as the workspace's 65 -> 128 difference), M = 128 equal.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=150 HUMMING_VALIDATE_ONLY=1 bash scripts/device-validate.sh \
  wgmma:5 wgmma:7 wgmma:8 shapes > "$OUT/val.log" 2>&1
tail -4 "$OUT/val.log"
fmt() { case $1 in
  w4a16-int4-channel) echo "weight=int4 scale=channel" ;;
  w4a16-int4-g128) echo "weight=int4 scale=group group_size=128" ;;
  w8a16-int8-channel) echo "weight=int8 scale=channel" ;; esac; }
for shape in 4096x4096 4096x11008; do
  for case in w4a16-int4-channel w4a16-int4-g128 w8a16-int8-channel; do
    t=$(bash bench/plan-table.sh "n=${shape%x*} k=${shape#*x} $(fmt $case) target=h200")
    # main's table: the same with 8 splits through the workspace at 65..128
    old=${t//:s6:kc6:wg/:s6:k8:wg}
    VARIANT_MS=65,100,128 VARIANT_REPS=10 VARIANT_TIMEOUT=60 variants c6-$shape-$case $case $shape \
      "main=dispatch=$old"
  done
done
bash scripts/bundle-out.sh
