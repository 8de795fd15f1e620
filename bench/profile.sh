#!/usr/bin/env bash
# Nsight Compute profile of the GEMM kernels serving some M values, on the
# GPU machine (no LLVM there; uses the runtime of scripts/build-static.sh):
#   bash bench/profile.sh "<layer spec>" M[,M...] [extra ncu options]
# Per M under $OUT/profile (or ./out/profile): the text report (speed of
# light, occupancy, launch, scheduler, warp states with the stall reasons per
# issued instruction, memory, compute), and with HUMMING_PROFILE_SOURCE=1 the
# SASS with per-instruction stall samples as CSV. The clocks are left alone
# (--clock-control none) and ncu flushes the caches before the profiled
# launch, so the figures are cold-L2 like the benchmark's. The first launch
# of each kernel is skipped (module load, first touch).
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/runtime-env.sh || exit 1
[ $# -ge 2 ] || { echo "usage: bench/profile.sh \"<spec>\" M[,M...] [ncu options]" >&2; exit 2; }
spec="$1"; ms="$2"; shift 2
source bench/ncu-common.sh
ncu_setup bench/profile.sh || exit 1
out="${OUT:-$PWD/out}/profile"
mkdir -p "$out"
tag="$(echo "$spec" | sed 's/dispatch=[^ ]*/tuned/' | tr -c 'A-Za-z0-9_=\n' '-' | tr '=' '_' | cut -c1-80)"
for m in ${ms//,/ }; do
  rep="/tmp/humming-profile-$tag-m$m"
  "$NCU" --clock-control none -k 'regex:_m[0-9]+$' -s 1 -c 1 "${NCU_SECTIONS[@]}" \
      --metrics "$NCU_STALLS,smsp__inst_executed.sum,dram__bytes_read.sum,lts__t_sectors_srcunit_tex_op_read.sum" \
      -f -o "$rep" "$@" "$HUMMING_RUN" --spec "$spec" -m "$m" --iters 2 > "$out/$tag-m$m.log" 2>&1
  "$NCU" -i "$rep.ncu-rep" --print-details all > "$out/$tag-m$m.txt" 2>&1
  [ -n "${HUMMING_PROFILE_SOURCE:-}" ] &&
    "$NCU" -i "$rep.ncu-rep" --page source --csv --print-source sass > "$out/$tag-m$m-sass.csv" 2>&1
  echo "== $spec M=$m"
  grep -E "Duration|DRAM Throughput|Achieved Occupancy|Registers Per|Issue Slots Busy|Warp Cycles Per Issued|smsp__inst_executed.sum|dram__bytes_read.sum" "$out/$tag-m$m.txt" | head -12
  grep -E "issue_stalled" "$out/$tag-m$m.txt" | awk '$NF+0 >= 0.3' | sort -k3 -n -r | head -8
done
