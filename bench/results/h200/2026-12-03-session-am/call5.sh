#!/bin/bash
# Session am, call 5: NOT RUN (a machine start failed and the device time
# left could not start another). For branch exp/cluster-one-unit (4f1a718,
# cluster-one-unit.patch beside this script: git am it onto main);
# carry ["dist", "peers"], dist = that branch's runtime, dist/base 72f0f9c.
# Written for the session's last ~380 s of device time. 4f1a718: the
# cluster-split wgmma tiles without the
# persistent loop too (their units are one per CTA by construction; SASS:
# the 8192^2 65..96-row tile's first copy after 96 instructions instead of
# 410, 110 registers instead of 190; 97..128 75 instead of 122).
# 1. The shapes tier (M = 1 .. 4096 at every shape of the issue: the
#    cluster tiles at M = 33 / 80 / 128 / 160).
# 2. A / B, base (dist/base: 72f0f9c) then new, one round each: the
#    cluster cells, 8192^2 and 11008 x 4096 at M = 64 / 80 / 128 / 200.
#    Prediction: 0.3-0.9 us faster at 8192^2 M = 80 / 128 / 200 and 11008
#    x 4096 M = 64 (call 2's full run against call 4's, where only these
#    kernels differ: 0.2-0.9), M = 64 at 8192^2 (k2, not a cluster)
#    within +-0.2.
# 3. The harness over everything with Marlin (the final run if kept).
set -u
source scripts/runtime-env.sh
date +%T
( bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?" > $OUT/peers-rc.txt ) &
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=100 HUMMING_VALIDATE_ONLY=1 timeout 110 bash scripts/device-validate.sh shapes > $OUT/val.log 2>&1
echo "validate rc $?"; tail -1 $OUT/val.log
date +%T
mkdir -p /tmp/base && tar -C /tmp/base -xJf dist/base/humming-runtime.tar.xz
run() {
  local tag=$1 lib=$2
  OUT=$OUT/$tag HUMMING_LIBRARY=$lib HUMMING_CACHE_DIR=/tmp/cache-$tag \
    HUMMING_COMMIT=$tag timeout 60 bash bench/run.sh \
    --cases w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel \
    --shapes 8192x8192,11008x4096 --ms 64,80,128,200 --reps 15 --sweeps 2 \
    --no-graph --peers /nonexistent > $OUT/$tag.log 2>&1
  echo "$tag rc $?"; grep -E "^\| (humming-mlir|impl) |^## " $OUT/$tag.log | head -40
  grep -iE "gate|error|fail" $OUT/$tag.log | head -3
}
run base /tmp/base/humming-runtime/lib/libHummingRuntime.so
run new /tmp/humming-runtime/lib/libHummingRuntime.so
date +%T
wait; cat $OUT/peers-rc.txt
OUT=$OUT/full timeout 120 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; tail -3 $OUT/full.log
date +%T
bash scripts/bundle-out.sh
