#!/bin/bash
# Session ad, call 1 (the runtime of main + session ac's wa-planner.patch;
# carry ["dist"]). Landing section 69's lead: the planner takes the 128 x
# 128 warpgroup tile (wA) at 65..256 rows where estimateMicros rates it
# cheaper than wC (4096^2, 8192^2 65..128, 4096 x 11008; 11008 and 28672 x
# 4096 unchanged).
# 1. Validation: the wgmma tier's wA table (kc3 / k4 / kc2 / k1 at odd
#    shapes) and the planner's shapes tier; compute-sanitizer memcheck on
#    the planner's wA entries (4096^2 M = 100 / 200: k4 and a pair; 8192^2
#    g128 M = 128: a pair) and wA kc3 at 1000 x 1024.
# 2. The planner against main's tables (main-tables.txt) at every shape and
#    case where they differ, M = 65 / 100 / 128 / 200 / 256, with wA's
#    3-cluster split beside at 4096^2 and 4096 x 11008 (section 69 measured
#    it 0.9 us faster than k4 at 4096^2 M = 128).
# Prediction (section 69's W4A16 channel cells): 4096^2 M = 128 20.8 ->
# ~17, M = 256 27.2 -> ~21; 8192^2 M = 128 41.5 -> ~36; 4096 x 11008 M =
# 128 35.8 -> ~31, M = 256 49.4 -> ~46; g128 and W8A16 by the same ratios
# (their wC k-blocks cost the same within 5 %); M = 65 / 100 smaller gains
# (the wA k4 split skips no dead rows at 65..128 any more than wC's).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
# (case_spec, bench/cases.py: written after the run, which had an inline
# copy of the same case -> spec mapping)
d=bench/results/h200/2026-12-02-session-ad
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=200 HUMMING_VALIDATE_ONLY=1 bash scripts/device-validate.sh \
  wgmma:-1 shapes > "$OUT/val.log" 2>&1
tail -4 "$OUT/val.log"
{
for run in "n=4096 k=4096 weight=int4 scale=channel bias=1|100,200" \
           "n=8192 k=8192 weight=uint4 scale=group group_size=128 bias=1|128" \
           "n=1000 k=1024 weight=int8 activation=bfloat16 scale=channel dispatch=1-64:64x128x64:1x2x1:s6:k2:wg,65-200:128x128x64:1x2x1:s8:kc3:wg,201-:128x128x64:1x2x1:s8:k1:wg|77,200"; do
  compute-sanitizer --tool memcheck --error-exitcode 9 "$HUMMING_RUN" --spec "${run%|*} target=h200" -m "${run#*|}" --iters 1 -q
  echo "exit $?"
done
} > "$OUT/sanitizer.txt" 2>&1
grep -E "exit|ERROR SUMMARY" "$OUT/sanitizer.txt"
while read case shape old; do
  t=$(bash bench/plan-table.sh "n=${shape%x*} k=${shape#*x} $(case_spec $case) target=h200")
  [ "$t" = "$old" ] && continue
  args=("main=dispatch=$old")
  if [ "$case" = w4a16-int4-channel ] && [ "${shape#*x}" != 8192 ]; then
    args+=("kc3=dispatch=${t/128x128x64:1x2x1:s8:k4:wg/128x128x64:1x2x1:s8:kc3:wg}")
  fi
  VARIANT_MS=65,100,128,200,256 VARIANT_REPS=10 VARIANT_TIMEOUT=60 variants wa-$shape-$case $case $shape "${args[@]}"
done < $d/main-tables.txt
bash scripts/bundle-out.sh
