#!/bin/bash
# Session d, call 2 (not committed): read floor, then tile variants per shape.
source scripts/runtime-env.sh
timeout 150 python3 bench/read_floor.py --out $OUT/floor > $OUT/floor.log 2>&1; tail -6 $OUT/floor.log
R=65-:128x128x64:2x2x1:s4:k1
# shape  split(16x512) split(16x256) split(x256 at 17-64)
while read sh s512 s256 sx; do
  if [ "$s512" = "-" ]; then p1="16x256x64:1x4x2:s8:k$s256"; q1="$p1"; else p1="16x512x64:1x8x1:s8:k$s512"; q1="16x512x64:1x8x2:s6:k$s512"; fi
  P="1-16:$p1,17-32:32x256x64:2x4x1:s8:k$sx,33-64:64x256x64:2x4x1:s6:k$sx,$R"
  Q="1-16:$q1,17-32:32x256x64:1x4x2:s8:k$sx,33-64:64x256x64:2x4x1:s8:k$sx,$R"
  Rv="1-16:16x256x64:1x4x2:s12:k$s256,17-32:32x256x64:2x4x1:s6:k$sx,33-64:64x256x64:2x4x1:s4:k$sx,$R"
  OUT=$OUT/v-$sh timeout 170 bash bench/run.sh --cases w4a16-int4-channel --shapes $sh --ms 1,16,32,64 --reps 12 --no-graph \
     --variant p=dispatch=$P --variant q=dispatch=$Q --variant r=dispatch=$Rv > $OUT/v-$sh.log 2>&1
  echo "== $sh"; grep -A9 '^| impl' $OUT/v-$sh.log | head -10
done <<'T'
8192x8192 8 4 4
28672x4096 2 1 1
11008x4096 - 3 3
4096x4096 16 8 8
4096x11008 16 8 8
T
