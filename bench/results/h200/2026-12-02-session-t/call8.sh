#!/bin/bash
# Session t, call 8 (d7dde67's runtime = main's kernels, carry ["dist"],
# about 2 min): W8A16 8192^2 at 1..8 rows with more bytes in flight. Its
# kernel is unsplit (8 x 64 tiles, 2 x 4 warps, 16 stages of 4 KB of codes:
# 64 KB in flight per SM, 128 k-blocks a unit). Call 3's reader with that
# staging took 22.4-22.6 us for 67.1 MB, one with 128 KB in flight
# (4 x 32 KB) 19.8-20.0; section 39 had measured 24 stages 0.2-0.3 faster
# with one weight placement (inside section 49's placement effect). Now
# with 4 placements: 24 and 32 stages (96 / 128 KB; a unit is 128 k-blocks,
# so the longer prologue is a quarter of it at most).
# Prediction: 32 stages 0.2-0.6 us faster at M = 1..8, 24 stages half that.
source scripts/runtime-env.sh
spec="n=8192 k=8192 weight=int8 scale=channel target=h200"
OUT=$OUT/w8 timeout 300 bash bench/run.sh --cases w8a16-int8-channel --shapes 8192x8192 --ms 1,4,8 --reps 16 --sweeps 2 --no-graph \
  --variant "s24=dispatch=$(bench/plan-table.sh "$spec" 1-8:8x64x64:1x2x4:s24:k1:sw)" \
  --variant "s32=dispatch=$(bench/plan-table.sh "$spec" 1-8:8x64x64:1x2x4:s32:k1:sw)" > $OUT/w8.log 2>&1
echo "w8 rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/w8.log; grep -iE "gate|error" $OUT/w8.log | head -3
bash scripts/bundle-out.sh
