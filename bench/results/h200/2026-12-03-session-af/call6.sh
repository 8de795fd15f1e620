#!/bin/bash
# Session af, call 6 (c72ffa3's runtime in dist/, Marlin in the git-ignored
# peers/; carry ["dist", "peers"]): section 76's g128 tables.
# 1. Correctness: the shapes tier (11008 x 4096 uint4 g128 + bias, uint4
#    g64 bf16 integer zero points and float4e2m1 g32 take the 3-split
#    2-CTA tile at M = 16) and humming-run's reference check on the unsplit
#    2-CTA 128-column tiles at 28672 x 4096 (uint4 g128 + bias, int4 g128
#    bf16, uint4 g64 integer zero points, M = 1, 5, 8, 9, 13, 16);
#    compute-sanitizer memcheck on both new kernels.
# 2. The harness at 11008 x 4096 and 28672 x 4096 (all cases, M = 1..64,
#    Marlin in the same run). Prediction: g128 11008 x 4096 M = 16 12.7
#    (call 5; call 4: 13.4), 28672 x 4096 M = 1 / 16 19.1 / 21.4 (19.5 /
#    22.5); the channel and W8A16 cells as call 4 within 0.3.
set -u
source scripts/runtime-env.sh
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=150 HUMMING_VALIDATE_ONLY=1 timeout 220 bash scripts/device-validate.sh \
  shapes > "$OUT/val.log" 2>&1
tail -2 "$OUT/val.log"
for spec in "weight=uint4 scale=group group_size=128 bias=1" \
            "weight=int4 activation=bfloat16 scale=group group_size=128" \
            "weight=uint4 scale=group group_size=64 zero_point=integer"; do
  "$HUMMING_RUN" --spec "n=28672 k=4096 $spec target=h200" -m 1,5,8,9,13,16 --iters 1
done > "$OUT/check-28672.txt" 2>&1
echo "28672 checks: $(grep -c PASS $OUT/check-28672.txt) PASS, $(grep -c FAIL $OUT/check-28672.txt) FAIL"
{
for run in "n=28672 k=4096 weight=uint4 scale=group group_size=128 bias=1|1,16" \
           "n=11008 k=4096 weight=uint4 activation=bfloat16 scale=group group_size=64 zero_point=integer|12"; do
  compute-sanitizer --tool memcheck --error-exitcode 9 "$HUMMING_RUN" --spec "${run%|*} target=h200" -m "${run#*|}" --iters 1 -q
  echo "exit $?"
done
} > "$OUT/sanitizer.txt" 2>&1
grep -E "exit|ERROR SUMMARY" "$OUT/sanitizer.txt"
[ -f peers/build.sh ] && bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"
OUT=$OUT/h2 timeout 240 bash bench/run.sh --shapes 11008x4096,28672x4096 --ms 1,4,8,16,32,64 --reps 20 > $OUT/h2.log 2>&1
echo "h2 rc $?"; grep -E "^\| (humming-mlir|marlin|impl|torch-int4) |^## " $OUT/h2.log | head -40
bash scripts/bundle-out.sh
