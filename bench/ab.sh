#!/usr/bin/env bash
# A / B of two builds of the runtime on the GPU machine, for a change of the
# kernel builder that no dispatch table can express (a `--variant` cannot):
#   bash bench/ab.sh BASE.tar.xz ROUNDS [bench/run.sh options]
# BASE.tar.xz: the baseline's dist/humming-runtime.tar.xz (e.g. copied to
# dist/base/ before rebuilding dist/, whose COMMIT names it beside it); B is
# dist/. The two run in turn, ROUNDS times each (base, new, base, new, ...),
# each with its own kernel cache, so neither reuses the other's kernels.
# Results in $OUT/base<i>/ and $OUT/new<i>/ (logs beside them); the
# humming-mlir rows and any gate failure are printed.
set -uo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: bench/ab.sh BASE.tar.xz ROUNDS [bench/run.sh options]" >&2; exit 2; }
base_tar="$1"; rounds="$2"; shift 2
out="${OUT:-$PWD/out}"
mkdir -p "$out"
base_dir="$(mktemp -d /tmp/humming-ab-base.XXXXXX)"
tar -C "$base_dir" -xJf "$base_tar" || exit 1
base_lib="$base_dir/humming-runtime/lib/libHummingRuntime.so"
base_commit="$(cat "$(dirname "$base_tar")/COMMIT" 2>/dev/null || echo base)"
for i in $(seq 1 "$rounds"); do
  for v in base new; do
    if [ "$v" = base ]; then lib="$base_lib"; commit="$base_commit"
    else lib=""; commit="$(cat dist/COMMIT 2>/dev/null || echo new)"; fi
    HUMMING_LIBRARY="$lib" HUMMING_COMMIT="$commit" \
      HUMMING_CACHE_DIR="/tmp/humming-ab-cache-$v" OUT="$out/$v$i" \
      bash bench/run.sh "$@" > "$out/$v$i.log" 2>&1
    echo "$v$i ($commit) rc $?"
    grep -E "^## |^\| (humming-mlir|impl) " "$out/$v$i.log"
    grep -iE "gate|error" "$out/$v$i.log" | head -3
  done
done
