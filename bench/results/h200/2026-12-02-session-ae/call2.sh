#!/bin/bash
# Session ae, call 2 (the planner with the 96-row tile at 65..96 rows,
# section 73; its runtime in dist/, carry ["dist"]).
# 1. Validation: the wgmma tier's new last table (the 96-row tile as a
#    cluster of 3, 4 workspace splits, a pair, unsplit; partial last M
#    tiles at M = 128, 200, 300) and the shapes tier, now also at M = 80
#    (the planner's new entries); compute-sanitizer memcheck on planner
#    96-row kernels (8192^2 g128 + bias pair at M = 65 / 96, 4096 x 11008
#    int8 bf16 4 splits at 80, 28672 x 4096 unsplit in two waves at 96).
# 2. The planner against c8e416b's tables (`prev`: 65..128 one range) at
#    M = 65 / 80 / 96 on the cells call 1 did not measure.
# Prediction (estimateMicros with 0.34 us a k-block, W4A16 channel at M =
# 96): 4096 x 11008 wA k4 ~29 -> ~23; 28672 x 4096 (wC unsplit, one wave,
# ~50 at 96) -> two waves of the 96-row tile ~51.5 (the least sure: the
# estimate rates them equal within 4 us); g128 / W8A16 as channel within
# a few per cent (the 192-row tile's pattern, section 71).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=130 HUMMING_VALIDATE_ONLY=1 timeout 180 bash scripts/device-validate.sh \
  wgmma:-1 shapes > "$OUT/val.log" 2>&1
tail -2 "$OUT/val.log"
{
for run in "n=8192 k=8192 weight=uint4 scale=group group_size=128 bias=1|65,96" \
           "n=4096 k=11008 weight=int8 activation=bfloat16 scale=channel|80" \
           "n=28672 k=4096 weight=int4 scale=channel|96"; do
  compute-sanitizer --tool memcheck --error-exitcode 9 "$HUMMING_RUN" --spec "${run%|*} target=h200" -m "${run#*|}" --iters 1 -q
  echo "exit $?"
done
} > "$OUT/sanitizer.txt" 2>&1
grep -E "exit|ERROR SUMMARY" "$OUT/sanitizer.txt"
for cs in w4a16-int4-channel:4096x11008 w4a16-int4-channel:28672x4096 w4a16-int4-g128:8192x8192 \
          w4a16-int4-g128:4096x11008 w8a16-int8-channel:8192x8192 w8a16-int8-channel:28672x4096; do
  case=${cs%:*} shape=${cs#*:}
  t=$(bash bench/plan-table.sh "n=${shape%x*} k=${shape#*x} $(case_spec $case) target=h200")
  # c8e416b's table: 65..96 folded back into the range after it.
  prev=$(sed -E 's/65-96:[^,]*,97-/65-/' <<< "$t")
  [ "$prev" = "$t" ] && continue
  VARIANT_MS=65,80,96 VARIANT_REPS=10 VARIANT_TIMEOUT=45 variants n96-$shape-$case $case $shape "prev=dispatch=$prev"
done
bash scripts/bundle-out.sh
