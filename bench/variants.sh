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
  local v args=()
  for v in "$@"; do args+=(--variant "$v"); done
  _variant_sweep "$name" "$case" "$shape" "${args[@]}"
}
# For each "CASE SHAPE": the planner's H200 table against TRANSFORM's
# version of it (a command or function given the table as its last
# argument, printing the new one; a layer where it fails is skipped) as
# variant LABEL, swept as `variants NAME-CASE-SHAPE`, while DEADLINE
# (default 570 s of the script's SECONDS) leaves 60 s. VARIANT_MS and
# VARIANT_REPS as for `variants`; each sweep gets at most 90 s.
#   VARIANT_MS=193,208,224 planner_against before224 before \
#     "python3 unsplit224.py" "w8a16-int8-channel 8192x8192" ...
planner_against() {
  local name=$1 label=$2 transform=$3 cs c s left t r
  shift 3
  for cs in "$@"; do
    read -r c s <<< "$cs"
    left=$((${DEADLINE:-570} - SECONDS))
    [ "$left" -gt 60 ] || { echo "deadline: $c $s not run"; continue; }
    t=$(plan_table "n=${s%x*} k=${s#*x} $(case_spec "$c") target=h200") || continue
    r=$($transform "$t") || continue
    echo "== $c $s $label $r"
    VARIANT_TIMEOUT=$((left < 90 ? left : 90)) \
      variants "$name-$c-$s" "$c" "$s" "$label=dispatch=$r"
  done
}
# Other builds of the runtime (static builds' tarballs), each with its own
# planner, beside dist/'s in one process, calls interleaved (gemm_bench.py
# --library; rows humming-mlir@TAG): an A / B of the kernel builder without
# the drift between processes that bench/ab.sh's runs see (NOTES section
# 128). Same sweep settings as `variants`.
#   build_variants NAME CASE SHAPE base=dist/base/humming-runtime.tar.xz ...
build_variants() {
  local name=$1 case=$2 shape=$3; shift 3
  local v lib args=()
  for v in "$@"; do
    lib=$(unpack_runtime "${v#*=}" "${USE_BUILD_DIR:-/tmp}/${v%%=*}-rt") || return 1
    args+=(--library "${v%%=*}=$lib")
  done
  _variant_sweep "$name" "$case" "$shape" "${args[@]}"
}
_variant_sweep() {
  local name=$1 case=$2 shape=$3; shift 3
  local args=("$@")
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
  local s v vs=()
  s="n=${shape%x*} k=${shape#*x} $(case_spec "$case") target=${VARIANT_TARGET:-h200}"
  local t
  for v in "$@"; do
    # shellcheck disable=SC2086 # (the entries split on spaces)
    t=$(plan_table "$s" ${v#*=}) || { echo "$name: no table for '$v'" >&2; return 1; }
    vs+=("${v%%=*}=dispatch=$t")
  done
  variants "$name" "$case" "$shape" "${vs[@]}"
}
# The benchmark with another runtime library or environment: an A / B of
# two builds (bench/ab.sh), or of an environment switch of one build. Runs
# bench/run.sh (or $RUNTIME_VARIANT_RUN) with HUMMING_LIBRARY=LIB (empty:
# dist/'s), HUMMING_COMMIT=COMMIT and the VAR=value settings given before
# `--`, the run.sh options after it, into $OUT/TAG (log $OUT/TAG.log), with
# a kernel cache of the tag's own ($RUNTIME_VARIANT_CACHE, default
# /tmp/humming-variant-cache-TAG), so kernels built under one setting are
# never loaded under another; prints the rc, the time, our rows and any
# gate failure; returns run.sh's status. RUNTIME_VARIANT_TIMEOUT: seconds
# (default none).
#   base_lib=$(unpack_runtime dist/base/humming-runtime.tar.xz /tmp/base-rt)
#   for i in 1 2; do
#     runtime_variant base$i "$base_lib" c857531 -- --no-graph --ms 48,64
#     runtime_variant f2-$i "" exp HUMMING_EXP_X=2 -- --no-graph --ms 48,64
#   done
runtime_variant() {
  local tag=$1 lib=$2 commit=$3; shift 3
  local envs=()
  while [ $# -gt 0 ] && [ "$1" != -- ]; do envs+=("$1"); shift; done
  [ "${1:-}" = -- ] && shift
  env "${envs[@]}" HUMMING_LIBRARY="$lib" HUMMING_COMMIT="$commit" \
    HUMMING_CACHE_DIR="${RUNTIME_VARIANT_CACHE:-/tmp/humming-variant-cache-$tag}" \
    OUT="$OUT/$tag" timeout "${RUNTIME_VARIANT_TIMEOUT:-0}" \
    bash "${RUNTIME_VARIANT_RUN:-$(dirname "${BASH_SOURCE[0]}")/run.sh}" "$@" \
    > "$OUT/$tag.log" 2>&1
  local rc=$?
  echo "$tag ($commit) rc $rc $(date +%T)"
  # Ours, our --variant rows (humming-mlir:NAME) and other builds'
  # (humming-mlir@TAG).
  grep -E "^## |^\| (humming-mlir([:@][^ |]*)?|impl) " "$OUT/$tag.log"
  grep -iE "gate|error" "$OUT/$tag.log" | head -3 || true
  return "$rc"
}
# Unpacks a runtime tarball of scripts/build-static.sh into DIR and prints
# its library's path (for runtime_variant).
unpack_runtime() {
  mkdir -p "$2" && tar -C "$2" -xJf "$1" && echo "$2/humming-runtime/lib/libHummingRuntime.so"
}
# A device call's build: unpacks dist/NAME/humming-runtime.tar.xz (a
# static build moved there with its COMMIT file beside it) into
# ${USE_BUILD_DIR:-/tmp}/NAME-rt and exports HUMMING_LIBRARY and
# HUMMING_COMMIT for it (source scripts/runtime-env.sh after it).
#   use_build comb && source scripts/runtime-env.sh
use_build() {
  HUMMING_LIBRARY=$(unpack_runtime "dist/$1/humming-runtime.tar.xz" "${USE_BUILD_DIR:-/tmp}/$1-rt") || return 1
  HUMMING_COMMIT=$(cat "dist/$1/COMMIT") || return 1
  export HUMMING_LIBRARY HUMMING_COMMIT
}
# The benchmark with the peers in the same run, into $OUT/full (log
# $OUT/full.log): builds Marlin first where the git-ignored peers/ has a
# build script (peers/build.sh, bench/README.md), unpacks Humming's kernel
# cache where it travelled packed (peers/humming-cache.tar.xz, from an
# earlier call: its cubins unpacked are too big to carry), then
# bench/run.sh with the options given (default: M = 1..128, 20 calls;
# $FINAL_RUN in its place where set), FINAL_TIMEOUT (200 s) at most; then
# the log's peer exclusions, gate failures and implementations not run.
#   final_run [run.sh options]
final_run() {
  if [ -f peers/build.sh ]; then
    bash peers/build.sh > "$OUT/peers-build.log" 2>&1; echo "peers rc $? $(date +%T)"
  fi
  if [ -f peers/humming-cache.tar.xz ]; then
    tar -C peers -xJf peers/humming-cache.tar.xz
    echo "humming cache rc $? ($(ls peers/humming-cache 2>/dev/null | wc -l) entries)"
  fi
  [ $# -gt 0 ] || set -- --ms 1,4,8,16,32,64,80,128 --reps 20
  OUT=$OUT/full timeout "${FINAL_TIMEOUT:-200}" \
    bash "${FINAL_RUN:-$(dirname "${BASH_SOURCE[0]}")/run.sh}" "$@" > "$OUT/full.log" 2>&1
  echo "full rc $? $(date +%T)"; tail -3 "$OUT/full.log"
  grep -E "excluded|GATE FAILED|Not run" "$OUT/full.log" | head
}
# A device call's first lines: the GPU (also left in DEVICE_GPU), the
# runtime's commit (dist/COMMIT) and gpu_clocks.
device_header() {
  DEVICE_GPU=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
  echo "gpu: $DEVICE_GPU dist $(cat dist/COMMIT)"
  gpu_clocks
}
# A device call's branch by card: on an H200 (device_header's DEVICE_GPU)
# run SCRIPT in place of the rest of the call; elsewhere return.
#   device_header; on_h200_exec bench/results/h200/<session>/next-call.sh
on_h200_exec() {
  case "${DEVICE_GPU:-}" in
    *H200*) exec bash "$@" ;;
  esac
}
# Turing's kernels (sm_75) through the driver's PTX JIT: device-validate.sh
# with TIERS into $OUT/suite, under DEADLINE (s since the call began) less
# RESERVE for what follows the suite, results packed small.
#   sm75_tiers DEADLINE RESERVE TIER...
sm75_tiers() {
  local deadline=$1 reserve=$2
  shift 2
  mkdir -p "$OUT/suite"
  OUT=$OUT/suite HUMMING_VALIDATE_BUDGET=$((deadline - reserve - SECONDS)) \
    timeout $((deadline - 10 - SECONDS)) \
    bash scripts/device-validate.sh "$@" > "$OUT/suite.log" 2>&1
  echo "suite rc $?"; tail -30 "$OUT/suite.log"
  rm -f "$OUT"/suite/shards/*.json
  xz -9 "$OUT"/suite/validation-merged.json "$OUT"/suite/validate.txt 2>/dev/null
}
# A / B of Turing's kernels through the driver's PTX JIT: bench/ab.sh with
# dist/base/ against dist/, both in one process, --spec-extra target=sm_75
# (the T4's tables), CASES at 4096^2 and 8192^2, M = 1 / 16 / 64 / 256, 10
# calls, until DEADLINE (s since the call began); results in $OUT/ab.
#   sm75_ab DEADLINE CASES
sm75_ab() {
  RUNTIME_VARIANT_TIMEOUT=$(($1 - SECONDS)) OUT=$OUT/ab bash bench/ab.sh \
    dist/base/humming-runtime.tar.xz 1 --spec-extra target=sm_75 --no-graph \
    --cases "$2" --shapes 4096x4096,8192x8192 --ms 1,16,64,256 --reps 10
}
# ncu with per-instruction stall samples (HUMMING_PROFILE_SOURCE=1) of the
# planner's 224-row tile and of the table before it (193..224 merged back,
# session bv's unsplit224.py), CASE at SHAPE, M rows, TIMEOUT s each.
#   profile_224_against_before CASE SHAPE M TIMEOUT
profile_224_against_before() {
  local spec t r
  spec="n=${2%x*} k=${2#*x} $(case_spec "$1") target=h200"
  t=$(plan_table "$spec") && r=$(python3 bench/results/h100/2026-12-07-session-bv/unsplit224.py "$t") || return 1
  echo "=== $1 $2: tile (planner) then before"
  HUMMING_PROFILE_SOURCE=1 timeout "$4" bash bench/profile.sh "$spec" "$3"
  HUMMING_PROFILE_SOURCE=1 timeout "$4" bash bench/profile.sh "$spec dispatch=$r" "$3"
}
# final_run with FINAL_TIMEOUT=TIMEOUT (and any run.sh options after it)
# where device_header found an H200 (the targets' card; an H100's times are
# not comparable); returns 1 elsewhere.
#   device_header; final_run_on_h200 $((DEADLINE - 150 - SECONDS)) [options]
final_run_on_h200() {
  case "${DEVICE_GPU:-}" in
    *H200*) FINAL_TIMEOUT=$1 final_run "${@:2}" ;;
    *) return 1 ;;
  esac
}
# The time and the GPU's clocks and temperature, at a device call's start
# and end (ANCHORS.md: clocks read before and after).
gpu_clocks() {
  date +%T; nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
}
# humming-run's reference check of a layer list (scripts/check-layers.sh)
# into $OUT/NAME.txt, with a kernel cache of its own; prints the rc and the
# summary line, returns the rc. Then memcheck on the list's lines given
# (scripts/memcheck-layers.sh) into $OUT/NAME-memcheck.txt.
#   check_layers layers LIST [TIMEOUT] && memcheck_layers layers LIST 1 9
check_layers() {
  local name=$1 list=$2 limit=${3:-150}
  HUMMING_CACHE_DIR=/tmp/humming-check-$name timeout "$limit" \
    bash "$(dirname "${BASH_SOURCE[0]}")/../scripts/check-layers.sh" < "$list" \
    > "$OUT/$name.txt" 2>&1
  local rc=$?
  echo "check $name rc $rc $(date +%T)"; tail -1 "$OUT/$name.txt"
  return "$rc"
}
memcheck_layers() {
  local name=$1 list=$2; shift 2
  local n
  for n in "$@"; do sed -n "${n}p" "$list"; done |
    HUMMING_CACHE_DIR=/tmp/humming-check-$name timeout "${MEMCHECK_TIMEOUT:-90}" \
      bash "$(dirname "${BASH_SOURCE[0]}")/../scripts/memcheck-layers.sh" \
      > "$OUT/$name-memcheck.txt" 2>&1
  local rc=$?
  echo "memcheck $name rc $rc $(date +%T)"; tail -1 "$OUT/$name-memcheck.txt"
  return "$rc"
}
# A dispatch table with one entry split in two: the rows up to MID take a
# tile of ROWS rows (the entry's other fields kept), the rest keep the
# entry's. For measuring a finer M range against the planner's:
#   split_range "$(plan_table "$s")" 65-96 80 80   ->  ...,65-80:80x...,81-96:96x...,...
split_range() {
  python3 - "$@" <<'PY'
import sys
table, rng, mid, rows = sys.argv[1].split(","), sys.argv[2], int(sys.argv[3]), sys.argv[4]
out = []
for e in table:
    r, rest = e.split(":", 1)
    if r != rng:
        out.append(e)
        continue
    lo, hi = r.split("-")
    tile, tail = rest.split("x", 1)
    out += ["%s-%d:%sx%s" % (lo, mid, rows, tail), "%d-%s:%s" % (mid + 1, hi, rest)]
if len(out) == len(table):
    sys.exit("split_range: no entry for M range %s" % rng)
print(",".join(out))
PY
}
