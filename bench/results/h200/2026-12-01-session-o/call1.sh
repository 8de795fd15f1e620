#!/bin/bash
# Session o, call 1 (exp/swapped-mma's runtime, ee422cc): the 'swapped'
# validation tier (mma.sync with the decoded weights as the A operand, 8-row
# M tiles), compute-sanitizer on two swapped tables, then the swapped tile as
# a variant beside the planner's at M <= 8 (prediction: 0.2-0.4 us faster),
# twice in turn.
source scripts/runtime-env.sh
OUT=$OUT/val HUMMING_VALIDATE_ONLY=1 HUMMING_VALIDATE_BUDGET=110 timeout 200 bash scripts/device-validate.sh swapped > /dev/null 2>&1
echo "validate rc $?"; tail -12 $OUT/val/validate-summary.txt; grep -v "^PASS" $OUT/val/validate.txt | head -20
for spec in "n=1000 k=1024 weight=uint4 scale=group group_size=128 bias=1 dispatch=1-8:8x128x64:1x4x1:s8:k3:c2:sw,9-24:8x128x64:1x2x2:s8:k2:sw,25-:128x128x64:2x2x1:s4:k1" \
            "n=1000 k=1024 weight=int8 scale=channel dispatch=1-8:8x128x64:1x4x1:s8:sk:sw,9-16:8x256x64:1x4x2:s6:kc2:sw,17-:128x128x64:2x2x1:s4:k1"; do
  timeout 120 compute-sanitizer --tool memcheck --error-exitcode 9 "$HUMMING_RUN" --spec "$spec target=sm_90a" -m 1,7,13,30 --iters 1 -q
  echo "sanitizer exit $?"
done 2>&1 | tee $OUT/sanitizer.txt | grep -E "exit|ERROR SUMMARY|^M="
T8="9-16:16x128x64:1x4x1:s8:k4:c2,17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x128x64:1x2x1:s16:k2:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1"
T4="9-16:16x128x64:1x4x2:s16:k4,17-32:32x128x64:1x2x1:s16:k4:wg,33-64:64x128x64:1x2x1:s16:k4:wg,65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1"
V8=(--variant "sw=dispatch=1-8:8x128x64:1x4x1:s8:k4:c2:sw,$T8" --variant "sws12=dispatch=1-8:8x128x64:1x4x1:s12:k4:c2:sw,$T8")
V4=(--variant "sw=dispatch=1-8:8x128x64:1x4x2:s16:k4:sw,$T4" --variant "sw256=dispatch=1-8:8x256x64:1x8x1:s8:k8:sw,$T4")
for i in 1 2; do
for c in w4a16-int4-channel w4a16-int4-g128; do
OUT=$OUT/$c-$i timeout 100 bash bench/run.sh --cases $c --shapes 8192x8192 --ms 1,4,8 --reps 15 --sweeps 2 --no-graph "${V8[@]}" > $OUT/$c-$i.log 2>&1
echo "$c 8192 $i rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/$c-$i.log; grep -iE "gate|error" $OUT/$c-$i.log | head -3
done
OUT=$OUT/sq-$i timeout 80 bash bench/run.sh --cases w4a16-int4-channel --shapes 4096x4096 --ms 1,8 --reps 15 --sweeps 2 --no-graph "${V4[@]}" > $OUT/sq-$i.log 2>&1
echo "4096 $i rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/sq-$i.log; grep -iE "gate|error" $OUT/sq-$i.log | head -3
done
bash scripts/bundle-out.sh
