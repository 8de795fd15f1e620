#!/usr/bin/env bash
# Nsight Compute profile of whole implementations, ours and the peers', at
# one case, shape and M values, through the benchmark's own setup
# (bench/gemm_bench.py --ncu: the same weights, the correctness gate first):
#   bash bench/profile-impls.sh CASE NxK M[,M...] IMPL [IMPL...]
# IMPL is a name of the benchmark (humming-mlir, humming-mlir:VARIANT with
# --variant in PROFILE_ARGS, humming, marlin, cublas-fp16). PROFILE_ARGS
# goes to gemm_bench.py (e.g. "--variant skws=dispatch=TABLE", the table
# from bench/plan-table.sh), NCU_REPS calls per M are profiled (default 2);
# HUMMING_PROFILE_SOURCE=1 adds the per-instruction stall samples (SASS as
# CSV, beside the report), as for bench/profile.sh. Per IMPL and M, under
# $OUT/profile-impls (or ./out/...): the text report (speed of light,
# occupancy, launch, scheduler, warp states, memory, compute and the stall
# reasons) and a summary on stdout. Every kernel a call launches is
# profiled, so a split's reduction or a peer's helper kernels show too.
# Clocks are left alone (--clock-control none); ncu flushes the caches
# before each profiled kernel, as the benchmark's 256 MB write does.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/runtime-env.sh || exit 1
[ $# -ge 4 ] || { echo "usage: bench/profile-impls.sh CASE NxK M[,M...] IMPL [IMPL...]" >&2; exit 2; }
case_name=$1 shape=$2 ms=$3; shift 3
source bench/ncu-common.sh
ncu_setup bench/profile-impls.sh || exit 1
out="${OUT:-$PWD/out}/profile-impls"
mkdir -p "$out"
reps=${NCU_REPS:-2}
rc=0
for impl in "$@"; do
  tag="$(echo "$impl-$case_name-$shape" | tr -c 'A-Za-z0-9_\n' '-')"
  rep="/tmp/humming-profile-impls-$tag"
  # shellcheck disable=SC2086  # PROFILE_ARGS is a list of options
  "$NCU" --clock-control none --profile-from-start off "${NCU_SECTIONS[@]}" \
      --metrics "$NCU_STALLS,smsp__inst_executed.sum,dram__bytes_read.sum,dram__bytes_write.sum" \
      -f -o "$rep" python3 bench/gemm_bench.py --ncu "$impl" --cases "$case_name" \
      --shapes "$shape" --ms "$ms" --reps "$reps" --peers peers ${PROFILE_ARGS:-} \
      > "$out/$tag.log" 2>&1 || rc=1
  grep -E "^NCU " "$out/$tag.log"
  "$NCU" -i "$rep.ncu-rep" --print-details all > "$out/$tag.txt" 2>&1 || rc=1
  cp "$rep.ncu-rep" "$out/" 2>/dev/null
  [ -n "${HUMMING_PROFILE_SOURCE:-}" ] &&
    "$NCU" -i "$rep.ncu-rep" --page source --csv --print-source sass > "$out/$tag-sass.csv" 2>&1
  echo "== $impl $case_name $shape M=$ms"
  grep -E "^  [A-Za-z_].*\(|Duration|DRAM Throughput|Registers Per|Achieved Occupancy|Warp Cycles Per Issued|Grid Size|Block Size|dram__bytes_(read|write).sum" \
    "$out/$tag.txt" | head -60
done
exit $rc
