#!/usr/bin/env bash
# Registers, spills and injected warpgroup arrives that ptxas gives the
# planner's kernels, on a machine without a GPU, for benchmark cases at the
# benchmark's five shapes (or $PLAN_SHAPES, e.g. "5120x5120 3584x18944"):
# one line per kernel,
#   <N>x<K> <case> :: <kernel> (<arch>): Used <n> registers, <b> bytes spill stores, <a> injected arrives, <s> serialized
#   bash scripts/plan-registers.sh [CASE ...] > regs.txt
# CASE: names from bench/cases.py (default: its three targets and g64).
# Injected arrives (ptxas C7519) mark a wgmma ptxas had to branch around
# (bench/NOTES.md sections 101 and 109); serialized: ptxas C7510-C7512
# messages (wgmmas waited for one by one for want of registers, section 138).
# Run it before and after a change to the kernel builder and diff the two
# outputs (bench/NOTES.md sections 92-93). Uses scripts/sass.sh (its
# humming-run, ptxas and nvdisasm); HUMMING_TARGET (default h200).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cases=("$@")
[ ${#cases[@]} -gt 0 ] || cases=(w4a16-int4-channel w4a16-int4-g128 w8a16-int8-channel w4a16-int4-g64)
shapes="${PLAN_SHAPES:-$(python3 "$root/bench/cases.py" --shapes)}"
frags=()
for c in "${cases[@]}"; do frags+=("$(python3 "$root/bench/cases.py" "$c")"); done
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
for shape in $shapes; do
  for i in "${!cases[@]}"; do
    c="${cases[$i]}"
    spec="n=${shape%x*} k=${shape#*x} ${frags[$i]} target=${HUMMING_TARGET:-h200}"
    rm -rf "$tmp/sass"
    bash "$root/scripts/sass.sh" "$spec" "$tmp/sass" > "$tmp/log" 2>&1 \
      || { echo "plan-registers.sh: sass.sh failed for '$spec':" >&2; tail -5 "$tmp/log" >&2; exit 1; }
    # The kernel's line and its "injected arrives" and "serialized wgmma"
    # lines, joined.
    awk -v p="$shape $c :: " '/Used/ { line = $0 } /injected arrives/ { inj = $NF }
      /serialized wgmma/ { print p line ", " inj " injected arrives, " $NF " serialized" }' \
      "$tmp/sass/summary.txt"
  done
done
