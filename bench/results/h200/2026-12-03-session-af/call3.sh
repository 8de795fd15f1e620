#!/bin/bash
# Session af, call 3 (8ff4c03's runtime in dist/, carry ["dist"]): the
# planner's 32-column blocks of 8-bit channel codes at 1..16 rows (section
# 75).
# 1. Validation: the shapes tier (int8 bf16 channel + bias at 4096^2,
#    11008 x 4096 and 4096 x 11008 takes the new entries at M = 1, 7, 16)
#    and the formats matrix at 4000 x 4224 (every 8-bit channel format,
#    with and without zero points, on 126 blocks of which the last is
#    half past N = 4000; halves 1 and 2 of 2).
# 2. compute-sanitizer memcheck on the new kernels: int8 channel + bias at
#    4096^2 M = 1 / 16, uint8 channel with integer zero points, bf16, at
#    11008 x 4096 M = 5 / 12, float8e4m3 channel at 4000 x 4224 M = 3 / 9.
# 3. The Python tests.
set -u
source scripts/runtime-env.sh
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=240 HUMMING_VALIDATE_ONLY=1 timeout 330 bash scripts/device-validate.sh \
  shapes formats:4000x4224:1/2 formats:4000x4224:2/2 > "$OUT/val.log" 2>&1
tail -2 "$OUT/val.log"
{
for run in "n=4096 k=4096 weight=int8 scale=channel bias=1|1,16" \
           "n=11008 k=4096 weight=uint8 activation=bfloat16 scale=channel zero_point=integer|5,12" \
           "n=4000 k=4224 weight=float8e4m3 scale=channel|3,9"; do
  compute-sanitizer --tool memcheck --error-exitcode 9 "$HUMMING_RUN" --spec "${run%|*} target=h200" -m "${run#*|}" --iters 1 -q
  echo "exit $?"
done
} > "$OUT/sanitizer.txt" 2>&1
grep -E "exit|ERROR SUMMARY" "$OUT/sanitizer.txt"
timeout 120 python3 -m pytest -q python/tests > "$OUT/pytest.txt" 2>&1; tail -1 "$OUT/pytest.txt"
bash scripts/bundle-out.sh
