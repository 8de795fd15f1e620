#!/usr/bin/env bash
# Prints the planner's dispatch table for a layer spec as dispatch text (the
# form a spec's `dispatch=` and bench/run.sh's `--variant NAME=dispatch=...`
# take). Entries given after the spec replace the planner's entry of the
# same M range (the text before the first ':'), so that a variant is the
# planner's table with one entry edited:
#   bench/plan-table.sh "n=8192 k=8192 weight=int4 scale=channel target=h200"
#   bench/plan-table.sh "$spec" "9-16:16x64x64:1x2x2:s16:k4:c2"
#   bench/run.sh ... --variant "narrow=dispatch=$(bench/plan-table.sh "$spec" "$entry")"
# Uses $HUMMING_RUN (scripts/runtime-env.sh sets it on the GPU machine) or
# build/bin/humming-run; compiles the layer's kernels (or finds them cached).
# An edited table is checked as compiling it would check it (humming-run
# --check-only: every entry against the kernel builders' and the launch's
# rules), so that a variant no kernel can be built for fails here, before
# a device call times anything.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: bench/plan-table.sh \"<layer spec>\" [<entry> ...]" >&2; exit 2; }
run="${HUMMING_RUN:-$(cd "$(dirname "$0")/.." && pwd)/build/bin/humming-run}"
spec="$1"
out="$("$run" --spec "$spec" --compile-only 2>&1)" || { echo "$out" >&2; exit 1; }
shift
table="$(python3 -c '
import json, sys
new = {e.split(":", 1)[0]: e for e in sys.argv[1:]}
for line in sys.stdin:
    if line.startswith("plan: "):
        table = json.loads(line[len("plan: "):])["dispatch_text"].split(",")
        missing = set(new) - {e.split(":", 1)[0] for e in table}
        if missing:
            sys.exit("bench/plan-table.sh: the planner has no entry for M range %s"
                     % ", ".join(sorted(missing)))
        print(",".join(new.get(e.split(":", 1)[0], e) for e in table))
        sys.exit(0)
sys.exit("bench/plan-table.sh: humming-run printed no plan")' "$@" <<< "$out")"
if [ $# -gt 0 ]; then
  if ! checked="$("$run" --spec "$spec dispatch=$table" --check-only 2>&1)"; then
    case "$checked" in
      *"unknown option --check-only"*)  # a build from before the option
        echo "bench/plan-table.sh: warning: $run cannot check the edited table" >&2 ;;
      *) echo "bench/plan-table.sh: the edited table is refused: $checked" >&2; exit 1 ;;
    esac
  fi
fi
echo "$table"
