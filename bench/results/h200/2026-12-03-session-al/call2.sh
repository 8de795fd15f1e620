#!/bin/bash
# Session al, call 2 (carry ["dist", "peers"]): c19ed9e, whole-ring
# iterations only in 16-row lane queues (8-row queues back to one round an
# iteration: call 1 measured them 0.1-0.2 us slower with rings).
# 1. humming-run's reference check of lane-queue tables again
#    (call2-layers.txt: 8- and 16-row queues, stages 2-4, K splits, rounds
#    that do not fill a ring) and memcheck on two.
# 2. A / B as call 1: base (dist/base, 3d12cbf) against c19ed9e, A B, the
#    M = 1 / 8 / 16 cells of the three cases on three shapes.
# 3. The final run: the harness over every case, shape and M, Marlin in the
#    same run.
# 4. The shapes tier of the validation.
# Prediction: 1..8 rows equal to base within 0.1 (their loop is base's but
# for one shared activation row address); 9..16 rows as call 1's new
# runtime (g128 8192^2 M = 16 14.0, 4096 x 11008 11.3-11.4; channel
# 4096^2 6.4); the full run within 0.2 of 0cc5182's elsewhere.
set -u
source scripts/runtime-env.sh
d=bench/results/h200/2026-12-03-session-al
date +%T
[ -f peers/build.sh ] && { bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?" > $OUT/peers-rc.txt; } &
timeout 100 bash scripts/check-layers.sh < $d/call2-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
sed -n '1p;7p' $d/call2-layers.txt | timeout 60 bash scripts/memcheck-layers.sh > "$OUT/memcheck.txt" 2>&1
tail -1 "$OUT/memcheck.txt"
date +%T
mkdir -p /tmp/base && tar -C /tmp/base -xJf dist/base/humming-runtime.tar.xz
ab() {
  local tag=$1 lib=$2
  OUT=$OUT/$tag HUMMING_LIBRARY=$lib HUMMING_CACHE_DIR=/tmp/cache-${tag%?} \
    HUMMING_COMMIT=$tag timeout 150 bash bench/run.sh \
    --cases w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel \
    --shapes 8192x8192,4096x4096,4096x11008 --ms 1,8,16 --reps 15 --sweeps 2 \
    --no-graph --peers /nonexistent > $OUT/$tag.log 2>&1
  echo "$tag rc $?"; grep -E "^\| (humming-mlir|impl) |^## " $OUT/$tag.log | grep -v impl | paste -d' ' - - | head -20
  grep -iE "gate|error|fail" $OUT/$tag.log | head -3
}
ab baseA /tmp/base/humming-runtime/lib/libHummingRuntime.so
ab newA /tmp/humming-runtime/lib/libHummingRuntime.so
date +%T
wait; cat $OUT/peers-rc.txt
OUT=$OUT/full timeout 260 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; grep -E "^\| (humming-mlir|marlin|impl) |^## " $OUT/full.log | grep -v graph | head -60
date +%T
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=100 HUMMING_VALIDATE_ONLY=1 timeout 130 bash scripts/device-validate.sh \
  shapes > "$OUT/val.log" 2>&1
tail -3 "$OUT/val.log"
date +%T
bash scripts/bundle-out.sh
