#!/bin/bash
# Session ac, call 5 (010e96c's runtime; carry ["dist"]). compute-sanitizer
# memcheck on the cluster splits with every CTA reducing a share: 4096^2
# (clusters of 6 at M = 65 / 100 / 128 with the rows >= M skipped; a
# cluster pair at 400), 8192^2 g128 (a cluster pair at 200, 4 splits
# through the workspace at 100), 11008 x 4096 int8 bf16 (17..64 one-
# warpgroup tiles as cluster pairs at 3 CTAs per SM, M = 20 / 50); then the
# Python tests.
set -u
source scripts/runtime-env.sh
{
for run in "n=4096 k=4096 weight=int4 scale=channel bias=1|65,100,128,400" \
           "n=8192 k=8192 weight=uint4 scale=group group_size=128 bias=1|100,200" \
           "n=11008 k=4096 weight=int8 activation=bfloat16 scale=channel|20,50"; do
  compute-sanitizer --tool memcheck --error-exitcode 9 "$HUMMING_RUN" --spec "${run%|*} target=h200" -m "${run#*|}" --iters 1 -q
  echo "exit $?"
done
} 2>&1 | tee "$OUT/sanitizer.txt"
python3 -m pytest -q python/tests 2>&1 | tail -5 | tee "$OUT/pytest.txt"
