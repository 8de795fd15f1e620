#!/bin/bash
# Session ae, call 8 (da73206's runtime in dist/, Marlin in the git-ignored
# peers/; carry ["dist", "peers"]): the planner's unsplit 32-column blocks at
# one CTA per SM for 1..8 rows of 4-bit channel codes at 4096 x 4096
# (section 74).
# 1. Validation: the shapes tier (the planner's tables at the five shapes;
#    4096^2 int4 channel at M = 1 and 7 takes the new entry) and the
#    formats matrix at 4096 x 4096 (a third: every 4-bit channel format
#    with zero points there takes it too); compute-sanitizer memcheck on
#    the new kernel (int4 channel + bias at M = 1 / 8, uint4 channel with
#    integer zero points bf16 at M = 5).
# 2. The harness at 4096 x 4096 (all three cases, M = 1..16, Marlin in the
#    same run). Prediction: W4A16 channel M = 1 / 4 / 8 6.4-6.5 us (call 7),
#    the rest as call 3's run.
set -u
source scripts/runtime-env.sh
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=150 HUMMING_VALIDATE_ONLY=1 timeout 220 bash scripts/device-validate.sh \
  shapes formats:4096x4096:1/3 > "$OUT/val.log" 2>&1
tail -2 "$OUT/val.log"
{
for run in "n=4096 k=4096 weight=int4 scale=channel bias=1|1,8" \
           "n=4096 k=4096 weight=uint4 activation=bfloat16 scale=channel zero_point=integer|5"; do
  compute-sanitizer --tool memcheck --error-exitcode 9 "$HUMMING_RUN" --spec "${run%|*} target=h200" -m "${run#*|}" --iters 1 -q
  echo "exit $?"
done
} > "$OUT/sanitizer.txt" 2>&1
grep -E "exit|ERROR SUMMARY" "$OUT/sanitizer.txt"
[ -f peers/build.sh ] && bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"
OUT=$OUT/h4096 timeout 200 bash bench/run.sh --shapes 4096x4096 --ms 1,4,8,16 --reps 20 > $OUT/h4096.log 2>&1
echo "h4096 rc $?"; grep -E "^\| (humming-mlir|marlin|impl|cublas-fp16|torch)|^## " $OUT/h4096.log | head -30
bash scripts/bundle-out.sh
