#!/bin/bash
# Session al, call 4 (carry ["dist", "peers"]): b704d3e (branch
# exp/refill-first): each lane-queue round refills its slot right after
# reading it (reads, warp barrier, copies), before its MMAs, where c19ed9e
# refilled after them. The copies of round r + stages are then in flight
# while round r computes: a slot is busy only while its round waits and
# is read. ptxas: the same instruction counts (8-row 126, 16-row 127 a
# round for int4 channel), no spills.
# 1. humming-run's reference check of lane-queue tables
#    (call4-layers.txt) and memcheck on two.
# 2. A / B: base (dist/base: c19ed9e) against b704d3e, A B A B, M = 1 / 8 /
#    16, three cases at 8192^2 and 4096 x 11008.
# 3. The harness over every case, shape and M with Marlin (the final run
#    if the change is kept), and the shapes tier.
# Prediction: 8-row queues (memory-bound) 0.1-0.4 us faster (8192^2
# channel M = 1 12.4 -> 12.0-12.3, W8A16 20.6 -> 20.3-20.5); 16-row ones
# within +-0.2.
set -u
source scripts/runtime-env.sh
d=bench/results/h200/2026-12-03-session-al
date +%T
[ -f peers/build.sh ] && { bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?" > $OUT/peers-rc.txt; } &
timeout 100 bash scripts/check-layers.sh < $d/call4-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
sed -n '1p;7p' $d/call4-layers.txt | timeout 60 bash scripts/memcheck-layers.sh > "$OUT/memcheck.txt" 2>&1
tail -1 "$OUT/memcheck.txt"
date +%T
mkdir -p /tmp/base && tar -C /tmp/base -xJf dist/base/humming-runtime.tar.xz
ab() {
  local tag=$1 lib=$2
  OUT=$OUT/$tag HUMMING_LIBRARY=$lib HUMMING_CACHE_DIR=/tmp/cache-${tag%?} \
    HUMMING_COMMIT=$tag timeout 120 bash bench/run.sh \
    --cases w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel \
    --shapes 8192x8192,4096x11008 --ms 1,8,16 --reps 15 --sweeps 2 \
    --no-graph --peers /nonexistent > $OUT/$tag.log 2>&1
  echo "$tag rc $?"; grep -E "^\| (humming-mlir|impl) |^## " $OUT/$tag.log | grep -v impl | paste -d' ' - - | head -20
  grep -iE "gate|error|fail" $OUT/$tag.log | head -3
}
ab baseA /tmp/base/humming-runtime/lib/libHummingRuntime.so
ab newA /tmp/humming-runtime/lib/libHummingRuntime.so
ab baseB /tmp/base/humming-runtime/lib/libHummingRuntime.so
ab newB /tmp/humming-runtime/lib/libHummingRuntime.so
date +%T
wait; cat $OUT/peers-rc.txt
OUT=$OUT/full timeout 200 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; grep -E "^\| (humming-mlir|marlin|impl) |^## " $OUT/full.log | grep -v graph | grep -v impl | paste -d' ' - - - | head -40
date +%T
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=100 HUMMING_VALIDATE_ONLY=1 timeout 100 bash scripts/device-validate.sh \
  shapes > "$OUT/val.log" 2>&1
tail -3 "$OUT/val.log"
date +%T
bash scripts/bundle-out.sh
