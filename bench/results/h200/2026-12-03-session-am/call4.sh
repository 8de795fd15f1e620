#!/bin/bash
# Session am, call 4 (carry ["dist", "peers"]): 72f0f9c, the one-unit form
# only for the mma.sync kernels other than the register-held register
# stream (unitWithoutLoop); the wgmma tiles and the `:rs` loop keep the
# persistent loop, as at 5a32680.
# 1. Correctness: session al's lane-queue tables, memcheck on two, the
#    shapes tier.
# 2. A / B, base (dist/base: 5a32680) new base new: the cells calls 2-3
#    moved, 8192^2, 4096^2 and 28672 x 4096 at M = 1 / 8 / 16 / 32 / 64.
#    Prediction: 8192^2 and 28672 x 4096 M = 1..16 as call 2's `new`
#    (0.1-0.5 faster than base); g128 4096^2 M = 1..8 and every M = 32 /
#    64 cell within +-0.2 of base (their kernels are 5a32680's again).
# 3. The harness over everything with Marlin: the final run.
set -u
source scripts/runtime-env.sh
d=bench/results/h200/2026-12-03-session-am
date +%T
( bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?" > $OUT/peers-rc.txt ) &
timeout 100 bash scripts/check-layers.sh < $d/call1-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
sed -n '1p;7p' $d/call1-layers.txt | timeout 60 bash scripts/memcheck-layers.sh > "$OUT/memcheck.txt" 2>&1
tail -1 "$OUT/memcheck.txt"
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=100 HUMMING_VALIDATE_ONLY=1 timeout 110 bash scripts/device-validate.sh shapes > $OUT/val.log 2>&1
echo "validate rc $?"; tail -1 $OUT/val.log
date +%T
mkdir -p /tmp/base && tar -C /tmp/base -xJf dist/base/humming-runtime.tar.xz
run() {
  local tag=$1 lib=$2
  OUT=$OUT/$tag HUMMING_LIBRARY=$lib HUMMING_CACHE_DIR=/tmp/cache-${tag%?} \
    HUMMING_COMMIT=$tag timeout 100 bash bench/run.sh \
    --cases w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel \
    --shapes 8192x8192,4096x4096,28672x4096 --ms 1,8,16,32,64 --reps 15 --sweeps 2 \
    --no-graph --peers /nonexistent > $OUT/$tag.log 2>&1
  echo "$tag rc $?"; grep -E "^\| (humming-mlir|impl) |^## " $OUT/$tag.log | head -40
  grep -iE "gate|error|fail" $OUT/$tag.log | head -3
}
for r in A B; do
  run base$r /tmp/base/humming-runtime/lib/libHummingRuntime.so
  run new$r /tmp/humming-runtime/lib/libHummingRuntime.so
done
date +%T
wait; cat $OUT/peers-rc.txt
OUT=$OUT/full timeout 260 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; tail -3 $OUT/full.log
date +%T
bash scripts/bundle-out.sh
