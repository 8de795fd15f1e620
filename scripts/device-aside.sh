#!/usr/bin/env bash
# The device tool copies the whole working tree, tracked files included, and
# the tree plus the carried paths must fit 64 MiB. Past sessions' results
# (bench/results/{h200,h100}, docs/validation: over 100 MB of logs and JSON)
# do not. This moves them out of the tree before a device call and back
# after it:
#   bash scripts/device-aside.sh out [PATTERN ...]
#   bash scripts/device-aside.sh back
# `out` moves every dated entry (a name with a YYYY-MM-DD date) of those
# folders whose name contains none of the PATTERNs (default: today's date,
# `date +%F`) to $HUMMING_ASIDE_DIR (default /tmp/humming-aside), lists
# them in its `moved` file, and prints the tree's size without build
# outputs. `back` puts them back. While they are out, git sees them as
# deleted: commit nothing then (`out` refuses to run twice, `back` with
# nothing out is a no-op).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
aside="${HUMMING_ASIDE_DIR:-/tmp/humming-aside}"
list="$aside/moved"
cmd="${1:-}"
shift || true
case "$cmd" in
  out)
    if [ -s "$list" ]; then
      echo "device-aside.sh: $(wc -l < "$list") entries are already out ($list); run 'back' first" >&2
      exit 1
    fi
    patterns=("$@")
    [ ${#patterns[@]} -gt 0 ] || patterns=("$(date +%F)")
    mkdir -p "$aside"
    : > "$list"
    cd "$root"
    for parent in bench/results/h200 bench/results/h100 docs/validation; do
      [ -d "$parent" ] || continue
      for p in "$parent"/*; do
        name="$(basename "$p")"
        [[ "$name" =~ 20[0-9][0-9]-[01][0-9]-[0-3][0-9] ]] || continue
        keep=
        for pat in "${patterns[@]}"; do
          [[ "$name" == *"$pat"* ]] && keep=1
        done
        [ -n "$keep" ] && continue
        mkdir -p "$aside/$parent"
        mv "$p" "$aside/$p"
        echo "$p" >> "$list"
      done
    done
    echo "device-aside.sh: moved $(wc -l < "$list") entries to $aside"
    du -sh --exclude=.git --exclude=build --exclude=build-static --exclude=dist \
      --exclude=peers "$root" | sed 's/^/device-aside.sh: tree without build outputs: /'
    ;;
  back)
    [ -s "$list" ] || { echo "device-aside.sh: nothing out"; exit 0; }
    cd "$root"
    n=0
    while read -r p; do
      mkdir -p "$(dirname "$p")"
      mv "$aside/$p" "$p"
      n=$((n + 1))
    done < "$list"
    : > "$list"
    echo "device-aside.sh: moved $n entries back"
    ;;
  *)
    echo "usage: bash scripts/device-aside.sh out [PATTERN ...] | back" >&2
    exit 2
    ;;
esac
