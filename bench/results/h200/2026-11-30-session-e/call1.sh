#!/bin/bash
# Session e, call 1: the first wgmma kernels on the GPU. One spec by hand,
# the sanitizer, the GPU suite's wgmma tier, then wgmma variants against
# the planner (mma.sync) and Marlin at two shapes.
source scripts/runtime-env.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv
WG="dispatch=1-16:16x256x64:1x2x1:s8:k4:wg,17-32:32x256x64:1x2x1:s8:k4:wg,33-64:64x256x64:1x2x1:s6:k4:wg,65-:128x128x64:1x2x1:s4:k1:wg"
timeout 60 "$HUMMING_RUN" --spec "n=8192 k=8192 weight=int4 scale=channel target=h200 $WG" -m 1,7,16,17,33,64,65,128 --rows 64 2>&1 | tail -12
timeout 90 compute-sanitizer --tool memcheck --error-exitcode 9 "$HUMMING_RUN" \
  --spec "n=1000 k=1024 weight=uint4 scale=group group_size=32 zero_point=integer bias=1 target=h200 dispatch=1-8:8x128x64:1x2x1:s8:k3:wg,9-64:64x256x64:1x2x1:s6:sk:wg,65-:128x128x64:1x1x1:s4:k1:wg" \
  -m 1,7,9,33,130 --iters 1 -q 2>&1 | tail -4; echo "sanitizer exit $?"
HUMMING_VALIDATE_ONLY=1 HUMMING_VALIDATE_BUDGET=150 OUT=$OUT/val timeout 200 bash scripts/device-validate.sh wgmma > $OUT/val.log 2>&1
tail -14 $OUT/val.log
mv peers/humming-src peers/.humming-src
R=65-:128x128x64:2x2x1:s4:k1
while read sh a b c; do
  W1="1-16:16x256x64:1x2x1:s8:k$a:wg,17-32:32x256x64:1x2x1:s8:k$a:wg,33-64:64x256x64:1x2x1:s6:k$a:wg,$R"
  W2="1-16:16x128x64:1x2x1:s8:k$b:wg,17-32:32x128x64:1x2x1:s8:k$b:wg,33-64:64x128x64:1x2x1:s6:k$b:wg,$R"
  W3="1-16:16x128x64:1x1x1:s8:k$c:c2:wg,17-32:32x128x64:1x1x1:s8:k$c:c2:wg,33-64:64x128x64:1x1x1:s6:k$c:c2:wg,$R"
  OUT=$OUT/v-$sh timeout 120 bash bench/run.sh --cases w4a16-int4-channel --shapes $sh --ms 1,16,32,64 --reps 10 --sweeps 1 --no-graph \
     --variant w1=dispatch=$W1 --variant w2=dispatch=$W2 --variant w3=dispatch=$W3 > $OUT/v-$sh.log 2>&1
  echo "== $sh"; grep -A10 '^| impl' $OUT/v-$sh.log | head -9; grep -iE "gate|error" $OUT/v-$sh.log | head -5
done <<'T'
8192x8192 4 2 4
28672x4096 1 1 1
T
mv peers/.humming-src peers/humming-src
