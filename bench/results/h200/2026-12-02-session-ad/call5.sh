#!/bin/bash
# Session ad, call 5 (the commit after 3c17ce5's runtime, carry ["dist"]):
# the planner's 192-row tile at 129..192 rows (section 71), from call 4's
# 208-row tile (3-11 % faster than wC at 8192^2 M = 129..200).
# 1. Validation: the wgmma tier's new last table (the 192-row tile as a
#    cluster of 3, 4 workspace splits, a pair, unsplit with a partial
#    second M tile) and the shapes tier, now also at M = 160 (the planner's
#    new entries); compute-sanitizer memcheck on the planner's 192-row
#    kernels at 8192^2 (pair) and 4096 x 11008 (4 splits).
# 2. The planner against 3523182's tables (`prev`: 129..256 one range) at
#    M = 129 / 160 / 192 where the tables differ.
# Prediction (estimateMicros, W4A16 channel): 8192^2 wC 58 -> ~51-53 (call
# 4's 208 rows: 53.3 at M = 129); 11008 x 4096 wC ~53 -> ~47.5; 4096 x
# 11008 wA pair 43.5 -> ~42 (k4; the least sure: a 4-split workspace end
# for a 96 KB tile); 28672 x 4096, two waves either way, ~110 -> ~95.
# W8A16 / g128 as W4A16 within the 208-row tile's spread in call 4.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
# (case_spec, bench/cases.py: written after the run, which had an inline
# copy of the same case -> spec mapping)
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=110 HUMMING_VALIDATE_ONLY=1 timeout 170 bash scripts/device-validate.sh \
  wgmma:-1 shapes > "$OUT/val.log" 2>&1
tail -2 "$OUT/val.log"
{
for run in "n=8192 k=8192 weight=uint4 scale=group group_size=128 bias=1|129,192" \
           "n=4096 k=11008 weight=int8 activation=bfloat16 scale=channel|150"; do
  compute-sanitizer --tool memcheck --error-exitcode 9 "$HUMMING_RUN" --spec "${run%|*} target=h200" -m "${run#*|}" --iters 1 -q
  echo "exit $?"
done
} > "$OUT/sanitizer.txt" 2>&1
grep -E "exit|ERROR SUMMARY" "$OUT/sanitizer.txt"
for cs in w4a16-int4-channel:8192x8192 w4a16-int4-channel:11008x4096 w4a16-int4-channel:4096x11008 \
          w4a16-int4-channel:28672x4096 w4a16-int4-g128:8192x8192 w4a16-int4-g128:4096x11008 \
          w8a16-int8-channel:8192x8192 w8a16-int8-channel:28672x4096; do
  case=${cs%:*} shape=${cs#*:}
  t=$(bash bench/plan-table.sh "n=${shape%x*} k=${shape#*x} $(case_spec $case) target=h200")
  # 3523182's table: 129..192 folded back into the range after it.
  prev=$(sed -E 's/129-192:[^,]*,193-/129-/' <<< "$t")
  [ "$prev" = "$t" ] && continue
  VARIANT_MS=129,160,192 VARIANT_REPS=10 VARIANT_TIMEOUT=45 variants n192-$shape-$case $case $shape "prev=dispatch=$prev"
done
bash scripts/bundle-out.sh
