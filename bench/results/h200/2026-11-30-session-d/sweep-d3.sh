#!/bin/bash
# Session d, call 3 (not committed): half-tile variants per shape, then the GPU suite.
source scripts/runtime-env.sh
mv peers/humming-src peers/.humming-src  # the variant runs: Marlin only
R=65-:128x128x64:2x2x1:s4:k1
while read sh a b; do
  V1="1-16:16x128x64:1x4x2:s8:k$a,17-32:32x128x64:1x4x2:s8:k$a,33-64:64x128x64:1x4x2:s6:k$a,$R"
  V2="1-16:16x256x64:1x8x1:s8:k$b,17-32:32x256x64:1x8x1:s8:k$b,33-64:64x256x64:1x8x1:s6:k$b,$R"
  V3="1-16:16x256x64:1x8x2:s6:k$b,17-32:32x128x64:1x4x1:s8:k$a,33-64:64x128x64:1x4x1:s8:k$a,$R"
  OUT=$OUT/v-$sh timeout 150 bash bench/run.sh --cases w4a16-int4-channel --shapes $sh --ms 1,16,32,64 --reps 12 --no-graph \
     --variant h1=dispatch=$V1 --variant h2=dispatch=$V2 --variant h3=dispatch=$V3 > $OUT/v-$sh.log 2>&1
  echo "== $sh"; grep -A10 '^| impl' $OUT/v-$sh.log | head -9
done <<'T'
8192x8192 2 4
28672x4096 1 1
11008x4096 1 3
4096x4096 4 8
T
timeout 100 python3 bench/read_floor.py --flush read --bytes 8388608,33554432,67108864 --out $OUT/floor-read > $OUT/floor-read.log 2>&1; grep floor $OUT/floor-read.log
mv peers/.humming-src peers/humming-src
# Humming peer smoke (beside the suite; its timings are not reported)
( OUT=$OUT/hum timeout 350 bash bench/run.sh --cases w4a16-int4-channel,w4a16-int4-g128 --shapes 8192x8192 --ms 1,16,64 --reps 5 --sweeps 1 --no-graph > $OUT/hum.log 2>&1; tar -C peers -cJf $OUT/humming-cache.tar.xz humming-cache ) &
HUMMING_VALIDATE_BUDGET=200 OUT=$OUT/val timeout 290 bash scripts/device-validate.sh smoke tiles partitions shapes > $OUT/val.log 2>&1
tail -25 $OUT/val.log
wait
grep -iE 'humming|GATE|excluded|error' $OUT/hum.log | head -20; grep -A10 '^| impl' $OUT/hum.log | head -24
