#!/bin/bash
# Session al, call 1 (carry ["dist"]): the lane queue's whole-ring
# iterations (334fa19: each round's slot a constant, folded into the
# shared loads' and copies' immediates; ptxas 16-row loop 147 -> 127
# instructions a round for int4 channel, g128 172 -> 153, 8-row 128 -> 111).
# 1. humming-run's reference check of lane-queue tables (call1-layers.txt:
#    session ak's call 2 list (2-, 4-, 8-bit, fp4 g32, zero points, bias,
#    bf16, K splits, N / K tails, stages 2-4, 16 rows), its call 5 round-sum
#    layers, and rounds that do not fill a ring: K = 192 over 16 warps, K =
#    1000 and 1088 at 4 stages, 2-3 K splits at 2 stages) and memcheck on
#    three.
# 2. A / B in one call: the harness (planner tables, no peers) with the
#    base runtime (dist/base: 3d12cbf, whose lane-queue loops are HEAD~1's
#    but for g128 at 1..8 rows, which there had round sums) and the new one,
#    A B A B, separate kernel caches.
# Prediction: M = 16 (instruction-bound) 5-8 % faster: 8192^2 channel
# 13.2 -> 12.4-12.8, g128 14.1 -> 13.3-13.7, W8A16 21.3 -> 20.8-21.2;
# 4096 x 11008 M = 16 0.3-0.6 faster; M = 1..8 (memory-bound) within
# +-0.2.
set -u
source scripts/runtime-env.sh
d=bench/results/h200/2026-12-03-session-al
date +%T
timeout 170 bash scripts/check-layers.sh < $d/call1-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
sed -n '1p;20p;23p' $d/call1-layers.txt | timeout 90 bash scripts/memcheck-layers.sh > "$OUT/memcheck.txt" 2>&1
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
  echo "$tag rc $?"; grep -E "^\| (humming-mlir|impl) |^## " $OUT/$tag.log | head -40
  grep -iE "gate|error|fail" $OUT/$tag.log | head -3
}
ab baseA /tmp/base/humming-runtime/lib/libHummingRuntime.so
ab newA /tmp/humming-runtime/lib/libHummingRuntime.so
ab baseB /tmp/base/humming-runtime/lib/libHummingRuntime.so
ab newB /tmp/humming-runtime/lib/libHummingRuntime.so
date +%T
bash scripts/bundle-out.sh
