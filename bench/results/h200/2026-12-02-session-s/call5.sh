#!/bin/bash
# Session s, call 5 (the planner change of this session, carry ["dist"],
# about 6 min): 1..8 rows of 8-bit channel codes on the narrow 2-CTA tile
# (8x64x64:1x2x2:s16:k4:c2:sw) where 4 K splits of 32+ k-blocks fill the
# slots.
# (1) Correctness: the planner's tables of every 8-bit weight format it
#     changes (int8; uint8 with integer zero points; float8e4m3), f16 and
#     bf16, with bias, at 4096 x 11008, 4096 x 8192 and the odd 4000 x 8256
#     (63 tiles with an N tail; 129 k-blocks: splits of 33 and 32), M = 1 /
#     3 / 8 (and 16, the unchanged 9..16 kernel); compute-sanitizer on the
#     odd shape; the shapes tier of the suite.
# (2) Timing: W8A16 at 4096 x 8192 (32 k-blocks a split, never measured)
#     and 4096 x 11008, the new table against the old 1..8 entry (2 splits
#     of one CTA of 8 warps), 4 weight placements, twice.
# Prediction: (1) all pass; (2) 4096 x 11008 0.2-0.4 us faster at 1..8, 4096
# x 8192 0.0-0.3.
source scripts/runtime-env.sh
{
for shape in "n=4096 k=11008" "n=4096 k=8192" "n=4000 k=8256"; do
  for f in "int8 zero_point=none" "uint8 zero_point=integer" "float8e4m3 zero_point=none"; do
    for a in float16 bfloat16; do
      echo "1,3,8,16 $shape weight=${f%% *} activation=$a scale=channel ${f#* } bias=1 target=h200"
    done
  done
done
} | bash scripts/check-layers.sh > $OUT/eight-bit-narrow.txt 2>&1
echo "exit $?: $(tail -1 $OUT/eight-bit-narrow.txt)"; grep -E "rc [^0]|FAIL|error" $OUT/eight-bit-narrow.txt | head
timeout 120 compute-sanitizer --tool memcheck --error-exitcode 9 "$HUMMING_RUN" --spec "n=4000 k=8256 weight=uint8 zero_point=integer scale=channel activation=bfloat16 bias=1 target=h200" -m 1,5,8 --iters 1 -q > $OUT/sanitizer.txt 2>&1
echo "sanitizer exit $?"; grep "ERROR SUMMARY" $OUT/sanitizer.txt
for i in 1 2; do
  for shape in 4096x8192 4096x11008; do
    spec="n=${shape%x*} k=${shape#*x} weight=int8 scale=channel target=h200"
    OUT=$OUT/w8-$shape-$i timeout 100 bash bench/run.sh --cases w8a16-int8-channel --shapes $shape --ms 1,4,8 --reps 16 --sweeps 2 --no-graph \
      --variant "old=dispatch=$(bench/plan-table.sh "$spec" 1-8:8x64x64:1x2x4:s16:k2:sw)" > $OUT/w8-$shape-$i.log 2>&1
    echo "w8-$shape-$i rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/w8-$shape-$i.log; grep -iE "gate|error" $OUT/w8-$shape-$i.log | head -3
  done
done
OUT=$OUT/val HUMMING_VALIDATE_ONLY=1 HUMMING_VALIDATE_BUDGET=150 timeout 280 bash scripts/device-validate.sh shapes > $OUT/val.log 2>&1
echo "validate rc $?"; tail -5 $OUT/val.log
bash scripts/bundle-out.sh
