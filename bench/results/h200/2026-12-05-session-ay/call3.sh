#!/bin/bash
# Session ay, call 3 (carry ["dist", "peers"]), if device time is left:
# session ax's call2.sh (one round) then its call4.sh, on the build call 2
# ran (BUILD=comb, else base; neither change touches the 1..8-row kernels or
# the shapes' channel / g128 tables but 5120^2 and 3584 x 18944 channel,
# whose zero-absent kernels are the ones run).
# 1. The dispatch variant `1-8:8x32x64:1x1x8:s3:k1:c2:rq` (two CTAs of 8
#    warps per SM) at 8192^2, W4A16 channel and g128, M = 1 / 4 / 8, beside
#    the planner's own table. Prediction (ax call2.sh): not faster; channel
#    12.4-12.7 at M = 1..8, g128 0.1-0.5 slower than the planner's.
# 2. The planner against Marlin on 14336 x 4096, 5120^2, 3584 x 18944,
#    2048 x 7168, W4A16 channel / g128, M = 1 / 8 / 16 / 32 / 64, one sweep.
#    Prediction (ax call4.sh): faster than Marlin in every channel cell
#    (1.1-2x); at M = 1 within 1.5x of the floor's time at N >= 5120.
set -u
source bench/variants.sh
use_build ${BUILD:-comb} || exit 1
source scripts/runtime-env.sh
gpu_clocks
ls peers/marlin_cuda*.so > /dev/null 2>&1 || { bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"; }
VARIANT_MS=1,4,8 VARIANT_TIMEOUT=110
for c in w4a16-int4-channel w4a16-int4-g128; do
  entry_variants c2q-$c $c 8192x8192 "c2q=1-8:8x32x64:1x1x8:s3:k1:c2:rq"
done
date +%T
left=$((570 - SECONDS)); [ $left -gt 300 ] && left=300
OUT=$OUT/shapes timeout $left bash bench/run.sh --cases w4a16-int4-channel,w4a16-int4-g128 \
  --shapes 14336x4096,5120x5120,3584x18944,2048x7168 --ms 1,8,16,32,64 --reps 15 --sweeps 1 \
  --no-graph > $OUT/shapes.log 2>&1
echo "shapes rc $?"; grep -E "^## |^\| (humming-mlir|marlin|cublas-fp16|floor|speedup)" $OUT/shapes.log
gpu_clocks
bash scripts/bundle-out.sh
