#!/usr/bin/env bash
# Prints the planner's dispatch table for a layer spec as dispatch text (the
# form a spec's `dispatch=` and bench/run.sh's `--variant NAME=dispatch=...`
# take), so that a variant can be the planner's table with one entry edited:
#   bench/plan-table.sh "n=8192 k=8192 weight=int4 scale=channel target=h200"
#   T=$(bench/plan-table.sh "$spec")
#   bench/run.sh ... --variant "pw=dispatch=${T/:c2:sw,/:c2:sw:pw,}"
# Uses $HUMMING_RUN (scripts/runtime-env.sh sets it on the GPU machine) or
# build/bin/humming-run; compiles the layer's kernels (or finds them cached).
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: bench/plan-table.sh \"<layer spec>\"" >&2; exit 2; }
run="${HUMMING_RUN:-$(cd "$(dirname "$0")/.." && pwd)/build/bin/humming-run}"
out="$("$run" --spec "$1" --compile-only 2>&1)" || { echo "$out" >&2; exit 1; }
python3 -c '
import json, sys
for line in sys.stdin:
    if line.startswith("plan: "):
        print(json.loads(line[len("plan: "):])["dispatch_text"])
        sys.exit(0)
sys.exit("bench/plan-table.sh: humming-run printed no plan")' <<< "$out"
