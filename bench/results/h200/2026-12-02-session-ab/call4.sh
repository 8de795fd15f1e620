#!/bin/bash
# Session ab, call 4 (67cfee7's runtime; carry ["dist"], about 2 min).
# compute-sanitizer memcheck on the planner's new 65+ warpgroup kernels:
# 4096^2 (8 / 4 K splits, a cluster pair, unsplit at M = 100 / 200 / 400 /
# 600) and 11008 x 4096 (3 splits at 100), channel and g128 with bias;
# then the Python tests.
set -u
source scripts/runtime-env.sh
{
for spec in "n=4096 k=4096 weight=int4 scale=channel bias=1" \
            "n=4096 k=4096 weight=uint4 scale=group group_size=128 bias=1" \
            "n=11008 k=4096 weight=int8 activation=bfloat16 scale=channel"; do
  compute-sanitizer --tool memcheck --error-exitcode 9 "$HUMMING_RUN" --spec "$spec target=h200" -m 100,200,400,600 --iters 1 -q
  echo "exit $?"
done
} 2>&1 | tee "$OUT/sanitizer.txt"
python3 -m pytest -q python/tests 2>&1 | tail -5 | tee "$OUT/pytest.txt"
