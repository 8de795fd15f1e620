#!/bin/bash
# Session r, calls 2 and 3 (main's runtime with the planner change of this
# session: 9..16 rows of 4-bit group codes take the narrow 2-CTA 64-column
# tile where a split holds at most 32 k-blocks, as 1..8 rows already did;
# call 1 measured g128 on it 0.8-2.0 us faster at 4096^2 and 4096 x 8192,
# 0.1-0.6 slower at 4096 x 11008, 43 k-blocks a split).
# PART=1 (call 2, about 5 min): (1) the shapes tier of the correctness
# suite; (2) the planner's own tables (no dispatch=) at 9..16 rows for g32
# and g64, which call 1 did not run on the narrow tile, and g128, at 4096^2,
# 4096 x 8192 and the odd 4000 x 4224, three formats, f16 and bf16;
# compute-sanitizer on g32; (3) g64 timed against the old 16 x 256 entry
# (variant `old`) at 4096^2 and 4096 x 8192. Prediction for (3): the
# planner's 0.8-2 us faster, as g128 in call 1.
# PART=2 (call 3, about 4 min): the final full benchmark with Marlin (built
# first from the git-ignored peers/ folder, never committed).
source scripts/runtime-env.sh
if [ "${PART:-1}" = 1 ]; then
OUT=$OUT/val HUMMING_VALIDATE_ONLY=1 HUMMING_VALIDATE_BUDGET=150 timeout 250 bash scripts/device-validate.sh shapes > /dev/null 2>&1
echo "validate rc $?"; tail -14 $OUT/val/validate-summary.txt; grep -v "^PASS" $OUT/val/validate.txt | head -20
{
for shape in "n=4096 k=4096" "n=4096 k=8192" "n=4000 k=4224"; do
  for f in "uint4 zero_point=integer" "int4 zero_point=none" "float4e2m1 zero_point=none"; do
    for g in 32 64 128; do
      for a in float16 bfloat16; do
        [ $g = 128 ] && [ $a = bfloat16 ] && continue # call 1 ran g128 on this tile in both
        echo "9,13,16 $shape weight=${f%% *} activation=$a scale=group group_size=$g ${f#* } bias=1 target=h200"
      done
    done
  done
done
} | bash scripts/check-layers.sh > $OUT/nine-to-16.txt 2>&1
echo "exit $?: $(tail -1 $OUT/nine-to-16.txt)"; grep -E "rc [^0]|FAIL|error" $OUT/nine-to-16.txt | head
grep -m3 "9-16:" $OUT/nine-to-16.txt
timeout 120 compute-sanitizer --tool memcheck --error-exitcode 9 "$HUMMING_RUN" --spec "n=4000 k=4224 weight=float4e2m1 scale=group group_size=32 bias=1 target=h200" -m 9,13,16 --iters 1 -q > $OUT/sanitizer.txt 2>&1
echo "sanitizer exit $?"; grep "ERROR SUMMARY" $OUT/sanitizer.txt
for shape in 4096x4096 4096x8192; do
  spec="n=${shape%x*} k=${shape#*x} weight=int4 scale=group group_size=64 target=h200"
  OUT=$OUT/g64-$shape timeout 80 bash bench/run.sh --cases w4a16-int4-g64 --shapes $shape --ms 9,12,16 --reps 15 --sweeps 2 --no-graph \
    --variant "old=dispatch=$(bench/plan-table.sh "$spec" 9-16:16x256x64:1x8x1:s8:k8)" > $OUT/g64-$shape.log 2>&1
  echo "g64-$shape rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/g64-$shape.log; grep -iE "gate|error" $OUT/g64-$shape.log | head -3
done
else
[ -f peers/build.sh ] && { time bash peers/build.sh; } > $OUT/marlin-build.log 2>&1; tail -1 $OUT/marlin-build.log
OUT=$OUT/full timeout 220 bash bench/run.sh --ms 1,4,8,16,32,64 --reps 20 > $OUT/full.log 2>&1
echo "bench rc $?"; grep -iE "not run|gate" $OUT/full.log | head -5; grep -E "^\||^## |^JIT" $OUT/full.log | grep -E "^## |humming-mlir \||marlin \||cublas-fp16 \||^JIT"
fi
bash scripts/bundle-out.sh
