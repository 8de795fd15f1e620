#!/bin/bash
# Session u, call 6 (5f20b94's runtime, carry ["dist"], about 3 min): call
# 5's W8A16 8192^2 gain at 33..64 rows (28.3 / 29.3 -> 26.8 / 28.1 us at
# M = 48 / 64) on the five shapes: 8-bit channel codes at 33..64 as one
# warpgroup of two weight tiles, 6 stages, 2 CTAs per SM, the K splits that
# fill the 264 slots in one wave (N / 128 tiles x splits <= 264).
# Prediction: 8192^2 again 1.0-1.5 faster; the other shapes within 1 us
# either way (their planner kernels differ).
source scripts/runtime-env.sh
for ns in "8192x8192:4" "4096x4096:8" "11008x4096:3" "4096x11008:8" "28672x4096:1"; do
  IFS=: read -r shape splits <<< "$ns"
  spec="n=${shape%x*} k=${shape#*x} weight=int8 scale=channel target=h200"
  OUT=$OUT/$shape timeout 100 bash bench/run.sh --cases w8a16-int8-channel --shapes $shape --ms 40,48,64 --reps 15 --sweeps 2 --no-graph --peers /nonexistent \
    --variant "w2c2=dispatch=$(bench/plan-table.sh "$spec" 33-64:64x128x64:1x1x1:s6:k$splits:c2:wg)" > $OUT/$shape.log 2>&1
  echo "$shape rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/$shape.log; grep -iE "gate|error" $OUT/$shape.log | head -3
done
bash scripts/bundle-out.sh
