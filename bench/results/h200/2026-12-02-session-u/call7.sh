#!/bin/bash
# Session u, call 7 (23a31b7's runtime, carry ["dist"], about 5 min): the
# planner change of section 56 (8-bit channel codes at 33..64 rows where
# exactly 4 K splits of 32+ k-blocks fill 2 CTAs per SM: one warpgroup of
# two weight tiles per CTA).
# 1. Correctness of the planner's new kernels (humming-run: every row
#    checked for being written, 16 rows against the reference, M = 33, 47,
#    64): int8 8192^2; float8e4m3 weights with bias at 8040 x 8256 (N tail
#    in the last 128-column tile, 129 k-blocks in splits of 33 and 32);
#    uint8 with integer zero points and bf16 activations at 8192 x 16384;
#    compute-sanitizer memcheck on the second.
# 2. Timing, planner against the previous table's 33..64 entry ("old":
#    64 x 64, 3 splits, 3 CTAs per SM), W8A16 channel at 8192^2 and
#    8192 x 28672, M = 40 / 48 / 64.
# Prediction: 8192^2 1.0-1.5 us faster (calls 5-6); 8192 x 28672 0.5-2 us
# faster.
source scripts/runtime-env.sh
run="$HUMMING_RUN"
for s in "n=8192 k=8192 weight=int8 scale=channel" "n=8040 k=8256 weight=float8e4m3 scale=channel bias=1" \
         "n=8192 k=16384 weight=uint8 scale=channel zero_point=integer activation=bfloat16"; do
  "$run" --spec "$s target=h200" -m 33,47,64 -q 2>&1 | tee -a $OUT/check.txt | grep -E "plan|M=|error" | cut -c1-160
done
compute-sanitizer --tool memcheck --error-exitcode 9 "$run" --spec "n=8040 k=8256 weight=float8e4m3 scale=channel bias=1 target=h200" -m 33,64 --iters 1 -q > $OUT/sanitizer.txt 2>&1
echo "sanitizer rc $?"; grep -E "ERROR SUMMARY|M=" $OUT/sanitizer.txt
for shape in 8192x8192 8192x28672; do
  spec="n=${shape%x*} k=${shape#*x} weight=int8 scale=channel target=h200"
  OUT=$OUT/$shape timeout 120 bash bench/run.sh --cases w8a16-int8-channel --shapes $shape --ms 40,48,64 --reps 15 --sweeps 2 --no-graph --peers /nonexistent \
    --variant "old=dispatch=$(bench/plan-table.sh "$spec" 33-64:64x64x64:1x1x1:s6:k3:c3:wg)" > $OUT/$shape.log 2>&1
  echo "$shape rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/$shape.log; grep -iE "gate|error" $OUT/$shape.log | head -3
done
bash scripts/bundle-out.sh
