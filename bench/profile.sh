#!/usr/bin/env bash
# Nsight Compute profile of the GEMM kernels serving some M values, on the
# GPU machine (no LLVM there; uses the runtime of scripts/build-static.sh):
#   bash bench/profile.sh "<layer spec>" M[,M...] [extra ncu options]
# One text report per M under $OUT/profile (or ./out/profile). The clocks
# are left alone (--clock-control none) and ncu flushes the caches before
# the profiled launch, so the figures are cold-L2 like the benchmark's.
# The first launch of each kernel is skipped (module load, first touch).
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/runtime-env.sh || exit 1
[ $# -ge 2 ] || { echo "usage: bench/profile.sh \"<spec>\" M[,M...] [ncu options]" >&2; exit 2; }
spec="$1"; ms="$2"; shift 2
ncu="$(command -v ncu || ls /usr/local/cuda/nsight-compute*/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)"
[ -n "$ncu" ] || { echo "bench/profile.sh: ncu not found" >&2; exit 1; }
out="${OUT:-$PWD/out}/profile"
mkdir -p "$out"
tag="$(echo "$spec" | tr -c 'A-Za-z0-9_=\n' '-' | tr '=' '_' | cut -c1-80)"
for m in ${ms//,/ }; do
  "$ncu" --clock-control none -k 'regex:_m[0-9]+$' -s 1 -c 1 \
      --section SpeedOfLight --section Occupancy --section LaunchStats \
      --section SchedulerStats --section WarpStateStats \
      --section MemoryWorkloadAnalysis --section ComputeWorkloadAnalysis \
      "$@" "$HUMMING_RUN" --spec "$spec" -m "$m" --iters 2 \
      > "$out/$tag-m$m.txt" 2>&1
  echo "== $spec M=$m"
  grep -E "Duration|DRAM Throughput|Memory Throughput|Achieved Occupancy|Theoretical Occupancy|Registers Per|Issue Slots Busy|No Eligible|Warp Cycles Per Issued|Block Limit|Executed Ipc A" "$out/$tag-m$m.txt" | head -24
done
