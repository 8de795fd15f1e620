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
# By default every round is one process holding all the builds
# (gemm_bench.py --library: base and the extra tags as humming-mlir@TAG
# beside dist/'s), calls interleaved, in $OUT/new<i>/: separate processes
# drift (an unchanged kernel 6 % apart between them on an H100, NOTES
# section 128; 1.000 in one process). AB_SEPARATE=1 runs each build in a
# process of its own, in turn, as before.
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
if [ -z "${AB_SEPARATE:-}" ]; then
  others=()
  for j in "${!tags[@]}"; do
    [ "${tags[$j]}" = new ] || others+=(--library "${tags[$j]}=${libs[$j]}")
  done
  for i in $(seq 1 "$rounds"); do
    OUT="$out" RUNTIME_VARIANT_CACHE="/tmp/humming-ab-cache" \
      runtime_variant "new$i" "" "${commits[-1]}" -- "$@" "${others[@]}"
  done
  exit 0
fi
for i in $(seq 1 "$rounds"); do
  for j in "${!tags[@]}"; do
    v="${tags[$j]}"
    OUT="$out" RUNTIME_VARIANT_CACHE="/tmp/humming-ab-cache-$v" \
      runtime_variant "$v$i" "${libs[$j]}" "${commits[$j]}" -- "$@"
  done
done
