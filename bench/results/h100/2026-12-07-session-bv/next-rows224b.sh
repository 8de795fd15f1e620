#!/bin/bash
# After session bv (NOTES section 140): the 224-row tile at 193..224 where
# the planner's rule leaves it out for want of a measurement: 8-bit
# groups, 4-bit groups of 32 / 64, and units under 40 k-blocks (4096^2,
# where 129..256 is one 128 x 128 pair and the 224-row tile would run 4
# workspace splits of 16 k-blocks). ptxas here: 8-bit g128 197-222
# registers, g64 196-222, g32 194, no spills; at 4096^2 255 registers, 0
# / 4 / 8 bytes of spills (4-bit channel / 8-bit / g128).
# Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT"]; dist/ from main.
# 1. humming-run's reference check of the hand tables at odd M (3 layers).
# 2. Each hand table against the planner's, M = 193 / 208 / 224 / 225 (225
#    the same kernel in both), in the order below until DEADLINE (570 s).
# Predictions: 8-bit g128 and 4-bit g64 / g32 5-10 % faster, as 8-bit
# channel and 4-bit g128 were (loop-bound tiles, 12 % fewer rows); 4096^2
# within -5..+5 % (16-k-block units: the prologue and the 4-split end are
# a larger share, and the spills).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
device_header
rows224=bench/results/h200/2026-12-07-session-bt/rows224.py
# The table of CASE at SHAPE with 193..224 on the 224-row tile: from the
# 177..192 entry (rows224.py), or at 4096^2 in 4 workspace splits.
table224() {
  local spec="n=${2%x*} k=${2#*x} $(case_spec "$1") target=h200" t
  t=$(plan_table "$spec") || return 1
  python3 "$rows224" "$t" 224 2>/dev/null && return
  sed 's/129-256:\([^,]*\)/129-192:\1,193-224:224x128x64:1x2x1:s5:k4:wg,225-256:\1/' <<< "$t"
}
{
  echo "201,223 n=8192 k=8192 $(case_spec w8a16-int8-g128) target=h200 dispatch=$(table224 w8a16-int8-g128 8192x8192)"
  echo "197,211 n=8192 k=8192 $(case_spec w4a16-int4-g64) target=h200 dispatch=$(table224 w4a16-int4-g64 8192x8192)"
  echo "199,224 n=4096 k=4096 $(case_spec w4a16-int4-g128) target=h200 dispatch=$(table224 w4a16-int4-g128 4096x4096)"
} > /tmp/rows224b-layers.txt
check_layers rows224b /tmp/rows224b-layers.txt 120
for cs in "w8a16-int8-g128 8192x8192" "w4a16-int4-g64 8192x8192" \
          "w4a16-int4-channel 4096x4096" "w8a16-int8-channel 4096x4096" \
          "w8a16-int8-g128 28672x4096" "w4a16-int4-g32 8192x8192" \
          "w4a16-int4-g128 4096x4096" "w4a16-int4-g64 28672x4096"; do
  set -- $cs; c=$1 s=$2
  left=$((${DEADLINE:-570} - SECONDS))
  [ $left -gt 60 ] || { echo "deadline: $c $s not run"; continue; }
  r=$(table224 "$c" "$s") || continue
  echo "== $c $s r $r"
  VARIANT_MS=193,208,224,225 VARIANT_TIMEOUT=$((left < 90 ? left : 90)) \
    variants "rows224b-$c-$s" "$c" "$s" "r=dispatch=$r"
done
gpu_clocks
bash scripts/bundle-out.sh
