#!/bin/bash
# Session k, call 3: K splits as one thread-block cluster (`kc<n>`: partials
# through distributed shared memory, split 0 reduces; the runtime at the
# commit that adds them, planner unchanged). (1) humming-run's check of
# cluster tables (rows against the reference, every row written) on 5
# layers; (2) compute-sanitizer memcheck on one; (3) each planner table with
# its bounded splits as clusters (variant "cl") against the planner's, same
# run, 2 sweeps x 15 calls.
source scripts/runtime-env.sh
T1="1-16:16x64x64:1x2x4:s16:kc4,17-32:32x64x64:1x1x1:s6:kc3:c3:wg,33-64:64x128x64:1x2x1:s12:kc2:wg,65-:128x128x64:2x2x1:s4:k1"
for s in "n=1000 k=1024 weight=uint4 scale=group group_size=128 bias=1 dispatch=$T1|1,7,16,17,31,33,64,65" \
         "n=1000 k=1024 weight=int8 activation=bfloat16 scale=channel dispatch=$T1|1,9,20,40" \
         "n=8192 k=8192 weight=int4 scale=channel dispatch=1-8:16x256x64:1x8x1:s8:kc4,9-16:16x64x64:1x2x4:s24:k1,17-32:32x128x64:1x2x1:s16:kc2:wg,33-64:64x128x64:1x2x1:s16:kc2:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1|1,8,9,16,20,32,40,64" \
         "n=4096 k=4096 weight=uint4 scale=group group_size=128 zero_point=integer dispatch=1-16:16x256x64:1x8x1:s8:kc8,17-32:32x128x64:1x2x1:s12:kc4:wg,33-64:64x128x64:1x2x1:s12:kc4:wg,65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1|1,8,9,16,20,32,40,64" \
         "n=4096 k=11008 weight=uint4 scale=group group_size=128 zero_point=integer dispatch=1-16:16x256x64:1x8x1:s8:kc8,17-32:32x64x64:1x1x1:s6:kc6:c3:wg,33-64:64x128x64:1x2x1:s12:kc4:wg,65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1|1,8,9,16,20,32,40,64" \
         "n=11008 k=4096 weight=int8 scale=channel bias=1 dispatch=1-16:16x256x64:1x8x1:s8:kc3,17-32:32x64x64:1x1x1:s6:kc2:c3:wg,33-64:64x64x64:1x1x1:s6:kc2:c3:wg,65-:128x128x64:2x2x1:s4:k1|1,8,9,16,20,32,40,64" \
         ; do
  spec=${s%|*}; ms=${s#*|}
  echo "== $spec"; timeout 90 "$HUMMING_RUN" --spec "$spec target=h200" -m $ms --iters 3 -q 2>&1 | tail -9
done > $OUT/check-cluster.txt 2>&1
echo "PASS lines: $(grep -c "^M=.* PASS " $OUT/check-cluster.txt) of 44"; grep -E "^M=.* FAIL |error" $OUT/check-cluster.txt | head -5
compute-sanitizer --tool memcheck --error-exitcode 9 "$HUMMING_RUN" --spec "n=1000 k=1024 weight=uint4 scale=group group_size=128 dispatch=$T1 target=sm_90a" -m 1,7,33,130 --iters 1 -q > $OUT/sanitizer.txt 2>&1; echo "sanitizer exit $?"; grep "ERROR SUMMARY" $OUT/sanitizer.txt
v() { c=$1; sh=$2; d=$3; OUT=$OUT/v-$c-$sh timeout 100 bash bench/run.sh --cases $c --shapes $sh --ms 1,8,16,24,32,48,64 --reps 15 --sweeps 2 --no-graph --variant cl=dispatch=$d > $OUT/v-$c-$sh.log 2>&1; echo "== $c $sh rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/v-$c-$sh.log; grep -iE "gate|error|fail" $OUT/v-$c-$sh.log | head -3; }
v w4a16-int4-channel 4096x4096 1-16:16x128x64:1x4x2:s16:kc4,17-32:32x128x64:1x2x1:s16:kc4:wg,33-64:64x128x64:1x2x1:s16:kc4:wg,65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1
v w4a16-int4-channel 8192x8192 1-8:16x256x64:1x8x1:s8:kc4,9-16:16x64x64:1x2x4:s24:k1,17-32:32x128x64:1x2x1:s16:kc2:wg,33-64:64x128x64:1x2x1:s16:kc2:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1
v w4a16-int4-channel 11008x4096 1-8:16x256x64:1x8x1:s8:kc3,9-16:16x64x64:1x2x4:s16:k1:c2,17-32:32x64x64:1x1x1:s6:kc2:c3:wg,33-64:64x64x64:1x1x1:s6:kc2:c3:wg,65-:128x128x64:2x2x1:s4:k1
v w4a16-int4-channel 4096x11008 1-16:16x128x64:1x4x2:s16:kc4,17-32:32x128x64:1x2x1:s16:kc4:wg,33-64:64x128x64:1x2x1:s16:kc4:wg,65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1
v w4a16-int4-g128 4096x4096 1-16:16x256x64:1x8x1:s8:kc8,17-32:32x128x64:1x2x1:s12:kc4:wg,33-64:64x128x64:1x2x1:s12:kc4:wg,65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1
v w4a16-int4-g128 8192x8192 1-16:16x256x64:1x8x1:s8:kc4,17-32:32x128x64:1x2x1:s16:kc2:wg,33-64:64x128x64:1x2x1:s16:kc2:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1
v w4a16-int4-g128 11008x4096 1-16:16x256x64:1x8x1:s8:kc3,17-32:32x64x64:1x1x1:s6:kc2:c3:wg,33-64:64x64x64:1x1x1:s6:kc2:c3:wg,65-:128x128x64:2x2x1:s4:k1
v w4a16-int4-g128 4096x11008 1-16:16x256x64:1x8x1:s8:kc8,17-32:32x64x64:1x1x1:s6:kc6:c3:wg,33-64:64x128x64:1x2x1:s12:kc4:wg,65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1
v w8a16-int8-channel 4096x4096 1-16:16x64x64:1x2x4:s16:kc2,17-32:32x128x64:1x2x1:s12:kc4:wg,33-64:64x128x64:1x2x1:s12:kc4:wg,65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1
v w8a16-int8-channel 8192x8192 1-16:16x64x64:1x2x4:s16:k1,17-32:32x128x64:1x2x1:s16:kc2:wg,33-64:64x64x64:1x1x1:s6:kc3:c3:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1
v w8a16-int8-channel 11008x4096 1-16:16x256x64:1x8x1:s8:kc3,17-32:32x64x64:1x1x1:s6:kc2:c3:wg,33-64:64x64x64:1x1x1:s6:kc2:c3:wg,65-:128x128x64:2x2x1:s4:k1
v w8a16-int8-channel 4096x11008 1-16:16x64x64:1x2x4:s16:kc2,17-32:32x128x64:1x2x1:s16:kc4:wg,33-64:64x128x64:1x2x1:s12:kc4:wg,65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1
bash scripts/bundle-out.sh
