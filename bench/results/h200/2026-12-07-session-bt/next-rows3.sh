#!/bin/bash
# After session bt (NOTES section 137): 129..192 runs one M tile of only
# its rows over 128 columns (160 / 192 rows), 8-27 % faster than the
# 128-row tiles' two; 193..256 still runs two M tiles of 128 rows (the
# 128 x 256 tile, or 128 x 128 at 4096 x 11008), computing 256 rows from
# M = 193. Does one 224-row tile pay at 193..224? The planner's table
# against the same table with 193..224 on a 224-row copy of its 161..192
# entry (rows224.py: wgmma n224, the same split and stages; one CTA per SM
# at 5 stages where the 192-row tile ran two, whose 128 registers 224 rows
# overflow). ptxas here: 178-252 registers, no spills, but for 4096 x 11008
# W8A16 (255, 16 bytes of spills). M = 225 and 256 run the same kernel in
# both (A / A). dist/ built from main at or after dacf6e34.
# Usage: bash next-rows3.sh CASE [CASE ...]  (all five shapes each; 4096^2
# has no 192-row tile and is skipped).
# Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT"].
# Predictions: M = 193..224, 5-15 % faster on the unsplit and cluster-pair
# tables (12-25 % fewer rows computed, and each weight tile read by one
# CTA instead of two); 0-5 % under 4 workspace splits (4096 x 11008),
# slower there for W8A16 (its spills); M = 225 / 256 within +-0.3 us.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
here=$(dirname "$0")
for c in "$@"; do
  for s in $(python3 bench/cases.py --shapes); do
    spec="n=${s%x*} k=${s#*x} $(case_spec "$c") target=h200"
    t=$(plan_table "$spec") || continue
    r=$(python3 "$here/rows224.py" "$t" 224 2>/dev/null) || continue
    echo "== $c $s planner $t"; echo "   r $r"
    VARIANT_MS=${ROWS_MS:-193,200,208,216,224,225,256} VARIANT_TIMEOUT=90 \
      variants "rows224-$c-$s" "$c" "$s" "r=dispatch=$r"
  done
done
gpu_clocks
