#!/bin/bash
# Session i, call 1: (a) the read floor with the streaming access-policy
# window our runtime sets (bench/read_floor.py --window), under the write
# flush and the read flush: is W4A16's 12 us at 8192 x 8192 M = 1 below
# what a read-only kernel gets? (b) M <= 16 without the split-K end:
# 64-column tiles (2 warps of half tiles x 4 warps along K), 16-32 stages,
# no K split where the 64-column tiles fill the SMs, against the planner.
source scripts/runtime-env.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv
timeout 150 python3 bench/read_floor.py --window --reps 20 --bytes 8388608,22544384,33554432,67108864 --out $OUT/floor-write > $OUT/floor-write.log 2>&1; echo "floor write rc $?"; cat $OUT/floor-write.log | grep -v Warn | tail -8
timeout 100 python3 bench/read_floor.py --window --flush read --reps 20 --bytes 33554432 --out $OUT/floor-read > $OUT/floor-read.log 2>&1; echo "floor read rc $?"; tail -2 $OUT/floor-read.log
T=17-:128x128x64:2x2x1:s4:k1
run() { sh=$1; cases=$2; shift 2; OUT=$OUT/$sh-$cases timeout 120 bash bench/run.sh --cases $cases --shapes $sh --ms 1,16 --reps 15 --sweeps 2 --no-graph "$@" > $OUT/v-$sh-$cases.log 2>&1; echo "== $sh $cases"; grep -E "^\| humming-mlir" $OUT/v-$sh-$cases.log; grep -iE "gate|error|fail" $OUT/v-$sh-$cases.log | head -3; }
run 8192x8192 w4a16-int4-channel,w4a16-int4-g128 \
  --variant n64s32=dispatch=1-16:16x64x64:1x2x4:s32:k1,$T \
  --variant n64s24=dispatch=1-16:16x64x64:1x2x4:s24:k1,$T \
  --variant n64s16=dispatch=1-16:16x64x64:1x2x4:s16:k1,$T \
  --variant n128k2=dispatch=1-16:16x128x64:1x4x2:s16:k2,$T
run 8192x8192 w8a16-int8-channel \
  --variant n64s16=dispatch=1-16:16x64x64:1x2x4:s16:k1,$T \
  --variant n64s24=dispatch=1-16:16x64x64:1x2x4:s24:k1,$T
run 4096x4096 w4a16-int4-channel \
  --variant n64s32k2=dispatch=1-16:16x64x64:1x2x4:s32:k2,$T \
  --variant n64s16k2=dispatch=1-16:16x64x64:1x2x4:s16:k2,$T \
  --variant n128k4=dispatch=1-16:16x128x64:1x4x2:s16:k4,$T
run 11008x4096 w4a16-int4-channel \
  --variant n64c2=dispatch=1-16:16x64x64:1x2x4:s16:k1:c2,$T \
  --variant n64c2s20=dispatch=1-16:16x64x64:1x2x4:s20:k1:c2,$T
run 4096x11008 w4a16-int4-channel \
  --variant n64s32k2=dispatch=1-16:16x64x64:1x2x4:s32:k2,$T \
  --variant n128k4=dispatch=1-16:16x128x64:1x4x2:s16:k4,$T
bash scripts/bundle-out.sh
