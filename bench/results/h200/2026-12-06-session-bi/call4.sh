#!/bin/bash
# Session bi, call 4 (asked of an H100, given an H200 at 02:44-02:51 UTC): the 128 x 256 tile as four warpgroups at
# call 3's loop depths (4-bit: 8 stages, 4 k-blocks an iteration; 8-bit: 4
# stages, 2 an iteration; wide4-table.sh) in every 128 x 256 entry of the
# planner's tables, against the planner (two warpgroups at 6 stages, or
# for 4-bit g128 four at 6), at the four shapes of section 122's A / B.
# Prediction: within 2 % of the planner everywhere for channel layers
# (call 3: 0.98-1.02 at 8192^2 257+); 4-bit g128 0-2 % faster than its
# 6-stage four-warpgroup tile; 8-bit g128 within 2 %.
set -u
here=bench/results/h100/2026-12-06-session-bi
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
export VARIANT_MS=128,256,512,1024,4096 VARIANT_REPS=10 VARIANT_SWEEPS=2 VARIANT_TIMEOUT=90
for c in w4a16-int4-channel w8a16-int8-channel w4a16-int4-g128 w8a16-int8-g128; do
  for s in 8192x8192 11008x4096 4096x4096 2048x7168; do
    [ "$SECONDS" -lt "${LIMIT:-400}" ] || { echo "out of time before $c $s"; break 2; }
    t=$(bash $here/wide4-table.sh "$c" "$s") || continue
    variants "v-$c-$s" "$c" "$s" "w4d=dispatch=$t"
  done
done
gpu_clocks
bash scripts/bundle-out.sh
