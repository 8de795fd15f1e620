#!/bin/bash
# Session bv, after call5 (the reference check of the 48 / 144 / 176-row
# tiles): session bt's next-rows3.sh question on main's tables, where the
# 192-row tile now runs 177..192. Does one 224-row M tile (a copy of the
# 177..192 entry with wgmma n224, its K split and stages; one CTA per SM at
# 5 stages where the 192-row tile ran two) pay at 193..224, where the
# planner computes two 128-row M tiles (256 rows)?
# Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT"]; dist/ from main.
# ptxas here (sass.sh): 175-222 registers, no spills, but at 4096 x 11008
# (255 registers; 8 / 4 / 12 bytes of spills for W4A16 channel / W8A16 /
# g128).
# 1. humming-run's reference check of call6-layers.txt (the 224-row kernel
#    at odd M, four layers, one of them spilling). Prediction: all pass.
# 2. rows224.py's table against the planner's, the gate on every cell, M =
#    193 / 208 / 224 (the new tile) and 225 / 256 (the same kernel in both:
#    A / A), W4A16 channel then W8A16 channel, four shapes each (4096^2
#    has no 192-row tile), until DEADLINE (default 570 s).
# Predictions: at 193..224, 5-15 % faster on the unsplit and cluster-pair
# tables (12-25 % fewer rows computed; each weight tile read by one CTA
# instead of two); 0-5 % at 4096 x 11008 (4 workspace splits), slower there
# for W8A16 (spills); M = 225 / 256 within +-0.3 us.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
here=bench/results/h100/2026-12-07-session-bv
device_header
check_layers rows224 $here/call6-layers.txt 150
for c in w4a16-int4-channel w8a16-int8-channel; do
  for s in 8192x8192 28672x4096 11008x4096 4096x11008; do
    left=$((${DEADLINE:-570} - SECONDS))
    [ $left -gt 60 ] || { echo "deadline: $c $s not run"; continue; }
    spec="n=${s%x*} k=${s#*x} $(case_spec "$c") target=h200"
    t=$(plan_table "$spec") || continue
    r=$(python3 bench/results/h200/2026-12-07-session-bt/rows224.py "$t" 224) || continue
    echo "== $c $s planner $t"; echo "   r $r"
    VARIANT_MS=193,208,224,225,256 VARIANT_TIMEOUT=$((left < 100 ? left : 100)) \
      variants "rows224-$c-$s" "$c" "$s" "r=dispatch=$r"
  done
done
gpu_clocks
bash scripts/bundle-out.sh
