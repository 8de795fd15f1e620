#!/usr/bin/env bash
# Dispatch variants of one case and shape against the planner, for a device
# call's script (source it after scripts/runtime-env.sh):
#   source bench/variants.sh
#   s="n=8192 k=8192 weight=int4 scale=channel target=h200"
#   variants NAME w4a16-int4-channel 8192x8192 "v1=dispatch=$(plan_table "$s" ENTRY)" ...
# Runs bench/run.sh with the harness's gate on every cell into $OUT/NAME
# (log $OUT/NAME.log), then prints the rc, our rows and any gate failure.
# VARIANT_MS (default 1,4,8,16), VARIANT_REPS (15), VARIANT_SWEEPS (2) and
# VARIANT_TIMEOUT (150 s) set the sweep.
variants() {
  local name=$1 case=$2 shape=$3; shift 3
  local args=()
  for v in "$@"; do args+=(--variant "$v"); done
  OUT=$OUT/$name timeout "${VARIANT_TIMEOUT:-150}" bash "$(dirname "${BASH_SOURCE[0]}")/run.sh" --cases "$case" \
    --shapes "$shape" --ms "${VARIANT_MS:-1,4,8,16}" --reps "${VARIANT_REPS:-15}" \
    --sweeps "${VARIANT_SWEEPS:-2}" --no-graph --peers /nonexistent "${args[@]}" \
    > "$OUT/$name.log" 2>&1
  echo "$name rc $?"
  grep -E "^\| (humming-mlir|impl)" "$OUT/$name.log"
  grep -iE "gate|error|fail" "$OUT/$name.log" | head -3
}
# The planner's table with the given entries in place of its own
# (bench/plan-table.sh).
plan_table() { bash "$(dirname "${BASH_SOURCE[0]}")/plan-table.sh" "$@"; }
# A benchmark case's layer spec fragment (bench/cases.py), e.g.
#   case_spec w4a16-int4-g128  ->  weight=int4 scale=group group_size=128
case_spec() { python3 "$(dirname "${BASH_SOURCE[0]}")/cases.py" "$1"; }
# Variants that each replace entries of the planner's table for a case and
# shape (bench/plan-table.sh; target h200 unless VARIANT_TARGET is set):
#   entry_variants NAME CASE 4096x4096 "rs=1-8:8x32x64:1x1x16:s2:k1:rs" ...
# (several entries of one variant separated by spaces).
entry_variants() {
  local name=$1 case=$2 shape=$3; shift 3
  local s vs=()
  s="n=${shape%x*} k=${shape#*x} $(case_spec "$case") target=${VARIANT_TARGET:-h200}"
  local t
  for v in "$@"; do
    # shellcheck disable=SC2086 # (the entries split on spaces)
    t=$(plan_table "$s" ${v#*=}) || { echo "$name: no table for '$v'" >&2; return 1; }
    vs+=("${v%%=*}=dispatch=$t")
  done
  variants "$name" "$case" "$shape" "${vs[@]}"
}
