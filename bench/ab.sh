#!/usr/bin/env bash
# A / B of two builds of the runtime on the GPU machine, for a change of the
# kernel builder that no dispatch table can express (a `--variant` cannot):
#   bash bench/ab.sh BASE.tar.xz ROUNDS [bench/run.sh options]
# BASE.tar.xz: the baseline's dist/humming-runtime.tar.xz (e.g. copied to
# dist/base/ before rebuilding dist/, whose COMMIT names it beside it); B is
# dist/. AB_EXTRA="TAG=PATH.tar.xz ..." adds builds that run between the two
# (e.g. a change's first step alone: base, TAG..., new). They run in turn,
# ROUNDS times each (base, [TAG...,] new, base, ...), each with its own
# kernel cache, so none reuses another's kernels. Results in $OUT/<tag><i>/
# (logs beside them); the humming-mlir rows and any gate failure are
# printed.
set -uo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: bench/ab.sh BASE.tar.xz ROUNDS [bench/run.sh options]" >&2; exit 2; }
base_tar="$1"; rounds="$2"; shift 2
out="${OUT:-$PWD/out}"
mkdir -p "$out"
source bench/variants.sh
# tag -> library and commit, in the order the builds run.
tags=() libs=() commits=()
add_build() { # TAG TAR
  local lib
  lib="$(unpack_runtime "$2" "$(mktemp -d "/tmp/humming-ab-$1.XXXXXX")")" || exit 1
  tags+=("$1"); libs+=("$lib")
  commits+=("$(cat "$(dirname "$2")/COMMIT" 2>/dev/null || echo "$1")")
}
add_build base "$base_tar"
for extra in ${AB_EXTRA:-}; do add_build "${extra%%=*}" "${extra#*=}"; done
tags+=(new); libs+=(""); commits+=("$(cat dist/COMMIT 2>/dev/null || echo new)")
for i in $(seq 1 "$rounds"); do
  for j in "${!tags[@]}"; do
    v="${tags[$j]}"
    OUT="$out" RUNTIME_VARIANT_CACHE="/tmp/humming-ab-cache-$v" \
      runtime_variant "$v$i" "${libs[$j]}" "${commits[$j]}" -- "$@"
  done
done
