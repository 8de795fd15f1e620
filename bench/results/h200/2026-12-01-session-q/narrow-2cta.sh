#!/bin/bash
# Run on branch exp/narrow-2cta (its static runtime in dist/, from
# scripts/build-static.sh on the branch; carry ["dist"]). The branch extends main's 2-CTA 64-column tile (2
# half-tile warps x 2 along K, 4 K splits; bench/NOTES.md section 41) to
# 9..16 rows of 4-bit channel codes and to 1..8 rows of 4-bit group codes
# where a split holds at most 32 k-blocks (session p call 8: 0.2-0.4 us and
# 0.2-0.8 us, one run each). (1) Correctness: the shapes tier, then every
# legal 4-bit layer on the new entries through humming-run (channel at M =
# 9 / 12 / 16, g128 at M = 1 / 3 / 8) at 4096 x 4096, 4096 x 8192 and the
# odd 4000 x 4104 (channel) and 4000 x 4224, compute-sanitizer on both new entries. (2) The branch's
# planner against main's tables (given as the variant `main`), twice.
# Prediction: channel 9..16 0.2-0.4 us faster at N = 4096; g128 1..8 0.2-0.8
# faster at 4096 x 4096 / 6144 / 8192; 4096 x 11008 g128 unchanged (same
# table).
# Session q adds (3): 11008 x 4096 at 1..8 rows on 2 CTAs per SM of 8 x 128
# tiles (4 warps) with 3 splits (86 tiles x 3 = 258 of 264 slots; section 41
# call 4 measured it once 0.2-0.3 us faster, channel and g128), the shape
# where W4A16 misses 3x cuBLAS at M = 1 by 0.4 us. Prediction: 0.2-0.3 us.
# Three device calls (about 5, 6 and 4 min): PART=1 the correctness (with
# (3)'s kernel at 11008 x 4096 and the odd 11000 x 4104), PART=2 the timing
# of (1) and (2), PART=3 the 8-stage g128 variant and (3).
source scripts/runtime-env.sh
if [ "${PART:-1}" = 1 ]; then
OUT=$OUT/val HUMMING_VALIDATE_ONLY=1 HUMMING_VALIDATE_BUDGET=150 timeout 250 bash scripts/device-validate.sh shapes > /dev/null 2>&1
echo "validate rc $?"; tail -14 $OUT/val/validate-summary.txt; grep -v "^PASS" $OUT/val/validate.txt | head -20
for shape in "n=4096 k=4096" "n=4096 k=8192" "n=4000 k=4104" "n=4000 k=4224"; do
  for f in "uint4 zero_point=none" "uint4 zero_point=integer" "uint4 zero_point=float" "int4 zero_point=none" "float4e2m1 zero_point=none"; do
    for a in float16 bfloat16; do
      for sc in "scale=channel|9,12,16" "scale=group group_size=128|1,3,8"; do
        case "$shape $sc" in *4104*group*) continue;; esac # g128 needs K % 128 == 0
        spec="$shape weight=${f%% *} activation=$a ${sc%|*} ${f#* } bias=1 target=h200"
        out=$(timeout 60 "$HUMMING_RUN" --spec "$spec" -m "${sc#*|}" --iters 2 -q 2>&1); rc=$?
        echo "== rc $rc $spec"; echo "$out" | grep -E "^M=|error"
      done
    done
  done
done > $OUT/fourbit.txt 2>&1
C3="1-8:8x128x64:1x4x1:s8:k3:c2:sw,9-16:16x64x64:1x2x4:s16:k1:c2,17-:128x128x64:2x2x1:s4:k1"
for shape in "n=11008 k=4096" "n=11000 k=4104"; do
  for f in "uint4 zero_point=integer" "int4 zero_point=none" "float4e2m1 zero_point=none"; do
    for a in float16 bfloat16; do
      for sc in "scale=channel" "scale=group group_size=128"; do
        case "$shape $sc" in *4104*group*) continue;; esac
        spec="$shape weight=${f%% *} activation=$a $sc ${f#* } bias=1 target=h200 dispatch=$C3"
        out=$(timeout 60 "$HUMMING_RUN" --spec "$spec" -m 1,3,8 --iters 2 -q 2>&1); rc=$?
        echo "== rc $rc $spec"; echo "$out" | grep -E "^M=|error"
      done
    done
  done
done >> $OUT/fourbit.txt 2>&1
echo "humming-run: $(grep -c '^== ' $OUT/fourbit.txt) layers, $(grep -cE '^M=.*PASS' $OUT/fourbit.txt) checks passed"; grep -E "rc [^0]|FAIL|error" $OUT/fourbit.txt | head
for spec in "n=4000 k=4104 weight=uint4 scale=channel zero_point=integer bias=1" "n=4096 k=8192 weight=uint4 scale=group group_size=128 bias=1" "n=11000 k=4104 weight=uint4 scale=channel zero_point=integer bias=1 dispatch=$C3"; do
  timeout 120 compute-sanitizer --tool memcheck --error-exitcode 9 "$HUMMING_RUN" --spec "$spec target=h200" -m 1,5,8,9,16 --iters 1 -q
  echo "sanitizer exit $?"
done 2>&1 | tee $OUT/sanitizer.txt | grep -E "exit|ERROR SUMMARY"
[ -n "$NO_BUNDLE" ] || bash scripts/bundle-out.sh
exit 0
fi
run() { # name case shape ms table [variant name, default main]
  OUT=$OUT/$1 timeout 60 bash bench/run.sh --cases $2 --shapes $3 --ms $4 --reps 15 --sweeps 2 --no-graph \
    --variant "${6:-main}=dispatch=$5" > $OUT/$1.log 2>&1
  echo "$1 rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/$1.log; grep -iE "gate|error" $OUT/$1.log | head -3
}
CH="17-32:32x128x64:1x2x1:s16:k4:wg,33-64:64x128x64:1x2x1:s16:k4:wg,65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1"
G="9-16:16x256x64:1x8x1:s8:k8,17-32:32x128x64:1x2x1:s12:k4:wg,33-64:64x128x64:1x2x1:s12:k4:wg,65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1"
if [ "$PART" = 2 ]; then
for i in 1 2; do
  run ch4096-$i w4a16-int4-channel 4096x4096 9,12,16 "1-8:8x64x64:1x2x2:s16:k4:c2:sw,9-16:16x128x64:1x4x2:s16:k4,$CH"
  run ch4096x11008-$i w4a16-int4-channel 4096x11008 9,12,16 "1-8:8x64x64:1x2x2:s16:k4:c2:sw,9-16:16x128x64:1x4x2:s16:k4,$CH"
  run g4096-$i w4a16-int4-g128 4096x4096 1,4,8 "1-8:8x256x64:1x8x1:s8:k8:sw,$G"
  run g4096x6144-$i w4a16-int4-g128 4096x6144 1,4,8 "1-8:8x256x64:1x8x1:s8:k8:sw,$G"
  run g4096x8192-$i w4a16-int4-g128 4096x8192 1,4,8 "1-8:8x256x64:1x8x1:s8:k8:sw,$G"
done
[ -n "$NO_BUNDLE" ] || bash scripts/bundle-out.sh
exit 0
fi
# PART=3. Section 41's SASS lead: g128 at 4096 x 11008 (43 k-blocks a split, where
# the 16-stage narrow tile lost) on the narrow tile with 8 stages (2
# k-blocks per iteration: one set of group sums), against the planner's.
G11="9-16:16x256x64:1x8x1:s8:k8,17-32:32x64x64:1x1x1:s6:k6:c3:wg,33-64:64x128x64:1x2x1:s12:k4:wg,65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1"
for i in 1 2; do
  run g4096x11008s8-$i w4a16-int4-g128 4096x11008 1,4,8 "1-8:8x64x64:1x2x2:s8:k4:c2:sw,$G11" narrow-s8
  run ch11008c3-$i w4a16-int4-channel 11008x4096 1,4,8 "1-8:8x128x64:1x4x1:s8:k3:c2:sw,9-16:16x64x64:1x2x4:s16:k1:c2,17-32:32x64x64:1x1x1:s6:kc2:c3:wg,33-64:64x64x64:1x1x1:s6:kc2:c3:wg,65-:128x128x64:2x2x1:s4:k1" c2k3
  run g11008c3-$i w4a16-int4-g128 11008x4096 1,4,8 "1-8:8x128x64:1x4x1:s8:k3:c2:sw,9-16:16x256x64:1x8x1:s8:k3,17-32:32x64x64:1x1x1:s6:kc2:c3:wg,33-64:64x64x64:1x1x1:s6:kc2:c3:wg,65-:128x128x64:2x2x1:s4:k1" c2k3
done
[ -n "$NO_BUNDLE" ] || bash scripts/bundle-out.sh
