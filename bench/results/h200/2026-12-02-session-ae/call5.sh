#!/bin/bash
# Session ae, call 5 (d5571ea's runtime, carry ["dist"]): call 4's probe
# with the load addresses stepped instead of divided (call 4 computed each
# prefetch's block and slot with a run-time division and remainder; its
# 16-warp CTA at one per SM ran 17.4 us at 8192^2 M = 1 against call 1's
# 12.86 with the same launch shape).
# Prediction: back to call 1's 12.8-12.9 for one 16-warp CTA per SM; two
# per SM (32 warps) and two accumulator chains 0.3-0.8 faster, 12.1-12.6.
set -u
source scripts/runtime-env.sh
nvcc -O3 -arch=sm_90a -shared -Xcompiler -fPIC -Xptxas -v -o /tmp/gemv_probe.so \
  bench/gemv_probe.cu > $OUT/gemv-build.log 2>&1 || { cat $OUT/gemv-build.log; exit 1; }
timeout 400 python3 bench/gemv_probe.py --lib /tmp/gemv_probe.so --out $OUT/gemv --ms 1,8 \
  --configs 1,4,7,10,11,12,13,15,16,17,19 > $OUT/gemv.log 2>&1
echo "gemv rc $?"
grep -E "GATE" $OUT/gemv.log
for x in m1 m8 nomath; do echo "-- best $x"; awk -v x="$x" '/^==/{s=$2} $1 ~ x"$" {print s, $1, $2}' $OUT/gemv.log | sort -k1,1 -k3,3n | awk '{if ($1!=p) {c=0}; p=$1; if (c++<4) print}'; done
bash scripts/bundle-out.sh
