#!/usr/bin/env bash
# The benchmark in one command, on the GPU machine:
#   bash bench/run.sh [gemm_bench.py options, e.g. --quick]
# Uses the self-contained runtime (dist/, from scripts/build-static.sh) unless
# HUMMING_LIBRARY names a library; peers (Marlin) are imported from ./peers
# when that git-ignored folder exists. Results go to $OUT/bench when OUT is
# set (the device tool), else to bench/results/h200.
set -uo pipefail
cd "$(dirname "$0")/.."
source scripts/runtime-env.sh || exit 1
out="${OUT:+$OUT/bench}"
python3 bench/gemm_bench.py --out "${out:-bench/results/h200}" "$@"
