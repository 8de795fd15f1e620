#!/bin/bash
# Session ac, call 3 (99ae1dc's runtime: the planner takes 16 clusters of 6
# for the 128 x 256 warpgroup tile at N = 4096, 65..128 rows, where main
# had 8 splits through the workspace; carry ["dist"]).
# Prediction (cost model: a split's k-blocks + ~5 us of cluster end):
# W4A16 4096^2 M = 128 24.1 -> ~17-18 us (call 2's kc4 on 64 CTAs: 20.9),
# 4096 x 11008 35.4 -> ~28-30; M = 65 / 100 the same as M = 128 (one M
# tile); W8A16 and g128 alike.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=150 HUMMING_VALIDATE_ONLY=1 bash scripts/device-validate.sh \
  wgmma:8 shapes > "$OUT/val.log" 2>&1
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
