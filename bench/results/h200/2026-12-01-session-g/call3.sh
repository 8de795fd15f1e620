#!/bin/bash
# Session g, call 3: the final run of this session's runtime (148372d), the
# full benchmark (all cases, shapes, M = 1 .. 64, two sweeps, CUDA graphs,
# JIT), peers in the same run. Marlin is built first from the git-ignored
# peers/ folder by a git-ignored helper there, when present (never
# committed).
[ -x peers/build.sh ] && { time bash peers/build.sh; } > $OUT/marlin-build.log 2>&1; tail -3 $OUT/marlin-build.log
source scripts/runtime-env.sh
OUT=$OUT/full timeout 400 bash bench/run.sh --ms 1,4,16,32,64 --reps 20 > $OUT/full.log 2>&1
echo "rc $?"; grep -E "^\||^## " $OUT/full.log | grep -E "^## |humming-mlir \||marlin \||cublas-fp16 \|"
bash scripts/bundle-out.sh
