#!/bin/bash
# Session bs: finer M ranges for the warpgroup tiles. The planner's 65..96
# entry runs a 96-row tile (wgmma m64n96) and its 97..128 entry a 128-row
# one, so M = 80 computes 20 % rows of padding and M = 112 14 %. Variant
# "r": the same table with 65..80 on an 80-row copy of the 65..96 entry and
# 97..112 on a 112-row copy of the 97..128 one (bench/variants.sh
# split_range); M = 96 and 128 run the same kernels in both (A / A).
# Usage: bash rows.sh CASE [CASE ...]  (all five shapes each).
# ROWS_SPLITS ("RANGE:ROWS ...", default "65-96:80 97-128:112": as run)
# and ROWS_MS choose other splits (next-rows.sh); a split whose range a
# table lacks is left out, a table with none is skipped.
# Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT"].
# Predictions: M = 80, unsplit loop-bound tables (8192^2 pair kc2, 28672 x
# 4096, 11008 x 4096 g128 / W8A16) 5-10 % faster; 4-split tables (4096^2,
# 4096 x 11008, where the split end is much of the time) 2-5 %; M = 72 a
# little more than 80; M = 112 3-8 %; M = 96 / 128 within +-0.3 us (A / A).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
for c in "$@"; do
  for s in $(python3 bench/cases.py --shapes); do
    spec="n=${s%x*} k=${s#*x} $(case_spec "$c") target=h200"
    t=$(plan_table "$spec") || continue
    r=$t
    for sp in ${ROWS_SPLITS:-65-96:80 97-128:112}; do
      r=$(split_range "$r" "${sp%:*}" "${sp#*:}" "${sp#*:}" 2>/dev/null || echo "$r")
    done
    [ "$r" != "$t" ] || continue
    echo "== $c $s planner $t"; echo "   r $r"
    VARIANT_MS=${ROWS_MS:-65,72,80,96,100,112,128} VARIANT_TIMEOUT=90 \
      variants "rows-$c-$s" "$c" "$s" "r=dispatch=$r"
  done
done
gpu_clocks
