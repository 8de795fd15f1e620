#!/bin/bash
# Session am, call 3 (carry ["dist"]): the cells where call 2's full run
# (9058c14) was slower than c19ed9e's final run by 0.5 us or more, as an
# A / B in one call: base = dist/base (5a32680), new = dist (9058c14),
# base new base new, separate kernel caches.
#   g128 4096^2 M = 1 / 4 / 8: 5.9 / 5.7 / 5.7 -> 6.3 / 6.3 / 6.3 (the
#     register-stream loop, 4 k-blocks ahead: no loop of rounds at all,
#     so the one-unit form makes the whole kernel straight-line code; ptxas
#     74 -> 60 registers);
#   channel 28672 x 4096 M = 64: 31.5 -> 32.9 (the 2-CTA wgmma tile; its
#     k-block loop's SASS is the same but 3 UMOVs); g128 M = 32 27.7 ->
#     28.4.
# Prediction: the register-stream cells reproduce (+0.3-0.5: the only
# kernels whose whole unit became straight-line code); 28672 x 4096 within
# +-0.3 (run-to-run; the loop is unchanged).
set -u
source scripts/runtime-env.sh
date +%T
mkdir -p /tmp/base && tar -C /tmp/base -xJf dist/base/humming-runtime.tar.xz
run() {
  local tag=$1 lib=$2
  OUT=$OUT/$tag HUMMING_LIBRARY=$lib HUMMING_CACHE_DIR=/tmp/cache-${tag%?} \
    HUMMING_COMMIT=$tag timeout 100 bash bench/run.sh \
    --cases w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel \
    --shapes 4096x4096,28672x4096 --ms 1,8,16,32,64 --reps 15 --sweeps 2 \
    --no-graph --peers /nonexistent > $OUT/$tag.log 2>&1
  echo "$tag rc $?"; grep -E "^\| (humming-mlir|impl) |^## " $OUT/$tag.log | head -40
  grep -iE "gate|error|fail" $OUT/$tag.log | head -3
}
for r in A B; do
  run base$r /tmp/base/humming-runtime/lib/libHummingRuntime.so
  run new$r /tmp/humming-runtime/lib/libHummingRuntime.so
done
date +%T
bash scripts/bundle-out.sh
