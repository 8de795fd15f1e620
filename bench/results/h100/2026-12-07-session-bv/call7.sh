#!/bin/bash
# Session bv's call 7 (run as a command line right after call 6, on the
# same H100): call6.sh's step 2 for W4A16 g128 (groups of 128), four shapes.
# Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT"]. Predictions as
# call6.sh's (5-15 % faster unsplit and as a pair; 0-5 % under 4
# workspace splits, where this tile spills 12 bytes).
source scripts/runtime-env.sh; source bench/variants.sh
here=bench/results/h100/2026-12-07-session-bv; c=w4a16-int4-g128
gpu_clocks
for s in 8192x8192 28672x4096 11008x4096 4096x11008; do
  spec="n=${s%x*} k=${s#*x} $(case_spec $c) target=h200"
  t=$(plan_table "$spec"); r=$(python3 bench/results/h200/2026-12-07-session-bt/rows224.py "$t" 224)
  echo "== $c $s planner $t"; echo "   r $r"
  VARIANT_MS=193,208,224,225,256 VARIANT_TIMEOUT=100 \
    variants "rows224-$c-$s" "$c" "$s" "r=dispatch=$r"
done > $OUT/call7.log 2>&1
gpu_clocks >> $OUT/call7.log
bash scripts/bundle-out.sh
