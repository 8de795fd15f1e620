#!/bin/bash
# Ready for the next session (main's runtime from scripts/build-static.sh;
# carry ["dist"]; about 7 min): 9..16 rows of 4-bit g128 codes at N = 4096.
# Lead (bench/NOTES.md, "Targets (901be5d)", section 43): there the planner
# runs 16 x 256 tiles of 8 warps with 8 K splits, and M = 16 takes 10.0 us
# at 4096^2 against 7.3 at M = 8 and 9.6 at M = 32; channel codes, on the
# narrow 2-CTA tile, take 7.7. At 4096 x 11008 it is 15.1 against 12.8 and
# 17.4 (channel 12.6). The 16-row loop is not the difference (SASS: 270
# instructions per 32 HMMA against 231 for channel codes); the 8 partials
# of 16 x 256 fp32 (16 KB each) that the last CTA of each tile sums are.
# Variants of the 9..16 entry only, against the planner's:
#   narrow: the 2-CTA 64-column tile of channel codes (2 x 2 warps, 16
#           stages, 4 splits; 4 KB partials);
#   c2:     16 x 128 tiles of 4 half-tile warps at 2 CTAs per SM, 4 splits
#           (8192^2's 9..16 tile; 8 KB partials, half the slots);
#   w4x2:   16 x 128 tiles of 4 x 2 warps at one CTA per SM, 4 splits (the
#           channel codes' 9..16 tile before section 42).
# Prediction: narrow 1.5-2.3 us faster at 4096^2 and 4096 x 8192, 1-2 at
# 4096 x 11008 (43 k-blocks a split, where g128 on the narrow tile lost at
# 1..8 rows); c2 and w4x2 in between.
# (1) Correctness: the three variant kernels through humming-run for uint4
# with integer zero points, int4 and float4e2m1, f16 and bf16, at 4096^2
# and the odd 4000 x 4224 / 3968 x 4224, M = 9 / 13 / 16; compute-sanitizer
# on narrow. And 1..8 rows of g32 / g64 codes at 11008 x 4096 and 11000 x
# 4096 on the planner's 3-split 2-CTA tile (section 42).
# (2) Timing, twice (2 sweeps x 15, all variants interleaved).
source scripts/runtime-env.sh
REST="17-:128x64x64:2x1x1:s4:k1" # 64 columns: N = 4000 pads to 4032
NARROW="9-16:16x64x64:1x2x2:s16:k4:c2"; C2="9-16:16x128x64:1x4x1:s8:k4:c2"; W4X2="9-16:16x128x64:1x4x2:s16:k4"
# The odd shapes: N = 4000 (63 tiles of 64) for the narrow tile; 128-column
# tiles need N padded to 64 to be a multiple of 128, so 3968 for those.
{
for case in "n=4096 k=4096|$NARROW $C2 $W4X2" "n=4000 k=4224|$NARROW" "n=3968 k=4224|$C2 $W4X2"; do
  for f in "uint4 zero_point=integer" "int4 zero_point=none" "float4e2m1 zero_point=none"; do
    for a in float16 bfloat16; do
      for e in ${case#*|}; do
        echo "9,13,16 ${case%|*} weight=${f%% *} activation=$a scale=group group_size=128 ${f#* } bias=1 target=h200 dispatch=1-8:8x64x64:1x2x2:s16:k4:c2:sw,$e,$REST"
      done
    done
  done
done
# Also the planner's own tables where 901be5d's 3-split 2-CTA tile serves
# group sizes call 1 of session q did not run on it (g32, g64), 1..8 rows.
for f in "float4e2m1 scale=group group_size=32" "uint4 scale=group group_size=64 zero_point=integer" "int4 scale=group group_size=64"; do
  echo "1,3,8 n=11008 k=4096 weight=${f%% *} ${f#* } bias=1 target=h200"
  echo "1,3,8 n=11000 k=4096 weight=${f%% *} activation=bfloat16 ${f#* } target=h200"
done
} | bash scripts/check-layers.sh > $OUT/g128-nine.txt 2>&1
echo "exit $?: $(tail -1 $OUT/g128-nine.txt)"; grep -E "rc [^0]|FAIL|error" $OUT/g128-nine.txt | head
timeout 120 compute-sanitizer --tool memcheck --error-exitcode 9 "$HUMMING_RUN" --spec "n=4000 k=4224 weight=uint4 scale=group group_size=128 bias=1 target=h200 dispatch=1-8:8x64x64:1x2x2:s16:k4:c2:sw,$NARROW,$REST" -m 9,13,16 --iters 1 -q > $OUT/sanitizer.txt 2>&1
echo "sanitizer exit $?"; grep "ERROR SUMMARY" $OUT/sanitizer.txt
for i in 1 2; do
  for shape in 4096x4096 4096x8192 4096x11008; do
    spec="n=${shape%x*} k=${shape#*x} weight=int4 scale=group group_size=128 target=h200"
    OUT=$OUT/g$shape-$i timeout 80 bash bench/run.sh --cases w4a16-int4-g128 --shapes $shape --ms 9,12,16 --reps 15 --sweeps 2 --no-graph \
      --variant "narrow=dispatch=$(bench/plan-table.sh "$spec" $NARROW)" --variant "c2=dispatch=$(bench/plan-table.sh "$spec" $C2)" \
      --variant "w4x2=dispatch=$(bench/plan-table.sh "$spec" $W4X2)" > $OUT/g$shape-$i.log 2>&1
    echo "g$shape-$i rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/g$shape-$i.log; grep -iE "gate|error" $OUT/g$shape-$i.log | head -3
  done
done
bash scripts/bundle-out.sh
