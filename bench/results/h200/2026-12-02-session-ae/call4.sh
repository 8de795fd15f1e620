#!/bin/bash
# Session ae, call 4 (d5571ea's runtime, carry ["dist"]): section 72's
# register-streamed probe, second round. Its loop restructured (the
# block's reduction outside the unrolled chunk loop: 16-warp CTAs now 63
# registers, not 91, so two per SM) and new configurations: two
# accumulator chains per tile (a chunk's four MMAs were one dependency
# chain), launch bounds of 2-4 CTAs per SM, and persistent CTAs (at most
# 2-4 per SM taking column blocks in turn, loads running ahead across
# blocks) for the large-N shapes where call 1's short CTAs lost 2-4 us.
# Prediction: at 8192^2 M = 1, 32 warps per SM and two chains take
# 0.3-0.8 us off call 1's 12.86 (to 12.1-12.6: the stream is 11.46 and
# the math's exposed part shrinks with more warps); persistent CTAs bring
# 11008 / 28672 x 4096 to within 0.5 us of ours (9.7 / 19.8).
set -u
source scripts/runtime-env.sh
nvcc -O3 -arch=sm_90a -shared -Xcompiler -fPIC -Xptxas -v -o /tmp/gemv_probe.so \
  bench/gemv_probe.cu > $OUT/gemv-build.log 2>&1 || { cat $OUT/gemv-build.log; exit 1; }
timeout 400 python3 bench/gemv_probe.py --lib /tmp/gemv_probe.so --out $OUT/gemv \
  --configs 1,4,6,7,10,11,12,13,14,15,16,17,18,19 > $OUT/gemv.log 2>&1
echo "gemv rc $?"
grep -E "^==|GATE" $OUT/gemv.log
for x in m1 m8 nomath; do echo "-- best $x"; awk -v x="$x" '/^==/{s=$2} $1 ~ x"$" {print s, $1, $2}' $OUT/gemv.log | sort -k1,1 -k3,3n | awk '{if ($1!=p) {c=0}; p=$1; if (c++<4) print}'; done
bash scripts/bundle-out.sh
