#!/bin/bash
# Session ae, call 6 (d5571ea's runtime, carry ["dist"]): the register-
# streamed probe at 9..16 rows (two n8 tiles of B, one decode for both) beside
# our planner's kernels at M = 1 / 8 / 16. Question: our M = 16 kernel is
# 1.7 us over M = 1 at 8192^2 (14.7 against 13.0: its 16-row loop and 4-split
# end); the probe's M = 16 adds one MMA per decoded fragment and a second
# row of activation loads per lane.
# Prediction: probe M = 16 within 0.5 us of its M = 1 (12.7 -> 13.0-13.2 at
# 8192^2), so 1.3-1.7 us faster than ours there; at 4096^2 ~6.0-6.3 against
# our 7.7.
set -u
source scripts/runtime-env.sh
nvcc -O3 -arch=sm_90a -shared -Xcompiler -fPIC -Xptxas -v -o /tmp/gemv_probe.so \
  bench/gemv_probe.cu > $OUT/gemv-build.log 2>&1 || { cat $OUT/gemv-build.log; exit 1; }
timeout 400 python3 bench/gemv_probe.py --lib /tmp/gemv_probe.so --out $OUT/gemv --ms 1,8,16 \
  --configs 1,3,4,5,6,7,10,11,12,13 > $OUT/gemv.log 2>&1
echo "gemv rc $?"
grep -E "GATE" $OUT/gemv.log
for x in m1 m8 m16 nomath; do echo "-- best $x"; awk -v x="$x" '/^==/{s=$2} $1 ~ "-"x"$" {print s, $1, $2}' $OUT/gemv.log | sort -k1,1 -k3,3n | awk '{if ($1!=p) {c=0}; p=$1; if (c++<4) print}'; done
bash scripts/bundle-out.sh
