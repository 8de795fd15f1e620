#!/usr/bin/env bash
# compute-sanitizer memcheck over humming-run for a list of layers on the GPU
# machine, one per input line in check-layers.sh's form, "<M list> <layer
# spec>". Prints the sanitizer's output and "exit <rc>" per layer (9: the
# sanitizer found errors), then "memcheck-layers: <layers> layers, <bad>
# not clean"; exits 1 if any layer did not exit 0.
# Needs $HUMMING_RUN (source scripts/runtime-env.sh first);
# $COMPUTE_SANITIZER names the sanitizer (default: compute-sanitizer on PATH).
#   printf '1,16 n=4096 k=4096 weight=int8 scale=channel target=h200\n' \
#     | bash scripts/memcheck-layers.sh > $OUT/sanitizer.txt 2>&1
set -uo pipefail
run="${HUMMING_RUN:?source scripts/runtime-env.sh first}"
sanitizer="${COMPUTE_SANITIZER:-compute-sanitizer}"
layers=0 bad=0
while read -r ms spec; do
  [ -z "$ms" ] && continue
  # (stdin from /dev/null: the loop reads the list from stdin)
  "$sanitizer" --tool memcheck --error-exitcode 9 "$run" --spec "$spec" -m "$ms" \
    --iters 1 -q < /dev/null
  rc=$?
  echo "exit $rc"
  layers=$((layers + 1))
  [ $rc -eq 0 ] || bad=$((bad + 1))
done
echo "memcheck-layers: $layers layers, $bad not clean"
[ $bad -eq 0 ]
