#!/bin/bash
# Session ba's H200 call (carry ["dist", "peers"]), run by call1.sh or alone:
# the planner (dist/, 87f2103) against Marlin (built here in the git-ignored
# peers/ folder, bench/README.md) on model shapes beyond the benchmark's
# five: 14336 x 4096, 5120^2, 3584 x 18944, 2048 x 7168 (measured against
# Marlin on an H100 only, section 110) and Llama-3-8B's 6144 x 4096 and
# 4096 x 14336; W4A16 channel and g128 (Marlin's g128 kernel dies on this
# image and is excluded by the harness), M = 1 / 8 / 16 / 32 / 64, one
# sweep of 15 calls, cuBLAS in the same run.
# Prediction: faster than Marlin in every channel cell (on the H100 1.06-
# 2.94x; 14336 x 4096 the closest, 1.06-1.27x there); 3-4x cuBLAS fp16 at
# M = 1.
set -u
LIMIT=${LIMIT:-575}
source bench/variants.sh
mkdir -p "$OUT"
source scripts/runtime-env.sh
gpu_clocks
ls peers/marlin_cuda*.so > /dev/null 2>&1 || { bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"; }
date +%T
OUT=$OUT/shapes timeout $((LIMIT - SECONDS - 20)) bash bench/run.sh \
  --cases w4a16-int4-channel,w4a16-int4-g128 \
  --shapes 14336x4096,5120x5120,3584x18944,2048x7168,6144x4096,4096x14336 \
  --ms 1,8,16,32,64 --reps 15 --sweeps 1 --no-graph > $OUT/shapes.log 2>&1
echo "shapes rc $?"; grep -E "^## |^\| (humming-mlir|marlin|cublas-fp16|floor|speedup)" $OUT/shapes.log
gpu_clocks
[ -n "${SKIP_BUNDLE:-}" ] || bash scripts/bundle-out.sh
