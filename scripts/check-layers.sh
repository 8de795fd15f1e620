#!/usr/bin/env bash
# Runs and checks a list of layers through humming-run on the GPU machine:
# one layer per input line, "<M list> <layer spec>" (e.g. "9,13,16 n=4096
# k=4096 weight=uint4 scale=group group_size=128 target=h200 dispatch=...").
# Prints, per layer, "== rc <exit> <spec>" and humming-run's per-M lines
# (PASS / FAIL, unwritten outputs, worst error), then one summary line:
# "check-layers: <layers> layers, <passed> of <checks> checks passed, <bad>
# layers with errors". Exits 1 if any check failed or any layer errored or
# printed no checks.
# Needs $HUMMING_RUN (source scripts/runtime-env.sh first).
#   gen_specs | bash scripts/check-layers.sh > $OUT/layers.txt
set -uo pipefail
run="${HUMMING_RUN:?source scripts/runtime-env.sh first}"
layers=0 checks=0 passed=0 bad=0
while read -r ms spec; do
  [ -z "$ms" ] && continue
  # (stdin from /dev/null: the loop reads the list from stdin)
  out=$(timeout 60 "$run" --spec "$spec" -m "$ms" --iters 2 -q 2>&1 < /dev/null); rc=$?
  echo "== rc $rc $spec"
  lines=$(grep -E "^M=|error" <<< "$out")
  [ -n "$lines" ] && echo "$lines"
  layers=$((layers + 1))
  checks=$((checks + $(grep -c "^M=" <<< "$out")))
  passed=$((passed + $(grep -cE "^M=.*PASS" <<< "$out")))
  # A layer that printed no checks (no GPU, a crash) is an error too.
  if [ $rc -ne 0 ] || ! grep -q "^M=" <<< "$out"; then bad=$((bad + 1)); fi
done
echo "check-layers: $layers layers, $passed of $checks checks passed, $bad layers with errors"
[ $bad -eq 0 ] && [ $passed -eq $checks ]
