#!/bin/bash
# Session g, call 5: wgmma split-K partials in register order (bcf3404).
# The whole GPU suite (every tier, compute-sanitizer, Python tests), then
# the 17..64-row kernels (M = 32 / 64) of all three cases against 148372d's
# runtime (carried in build-prev/), A B A B.
HUMMING_VALIDATE_BUDGET=240 OUT=$OUT/val timeout 400 bash scripts/device-validate.sh smoke tiles partitions shapes formats wgmma > $OUT/val.log 2>&1
tail -2 $OUT/val.log; grep -v "^PASS" $OUT/val/validate.txt | grep -v "^REPACK SAME" | head -8; grep -E '"(layers_checked|checks|passed)"' $OUT/val/validate-summary.txt; grep -A3 not_run_budget $OUT/val/validate-summary.txt | head -4; grep -E "exit|ERROR SUMMARY" $OUT/val/sanitizer.txt | head -8; tail -2 $OUT/val/pytest.txt
source scripts/runtime-env.sh
mkdir -p /tmp/rt-prev && tar -C /tmp/rt-prev -xJf build-prev/humming-runtime.tar.xz
NEW_LIB=$HUMMING_LIBRARY
for run in prev1 new1 prev2 new2; do
  if [ "${run%?}" = prev ]; then
    export HUMMING_LIBRARY=/tmp/rt-prev/humming-runtime/lib/libHummingRuntime.so HUMMING_CACHE_DIR=/tmp/hc-prev HUMMING_COMMIT=148372d
  else
    export HUMMING_LIBRARY=$NEW_LIB HUMMING_CACHE_DIR=/tmp/hc-new HUMMING_COMMIT=bcf3404
  fi
  OUT=$OUT/$run timeout 100 bash bench/run.sh --cases w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel --shapes 8192x8192,28672x4096,4096x4096,11008x4096,4096x11008 --ms 32,64 --reps 15 --sweeps 1 --no-graph > $OUT/$run.log 2>&1
  echo "== $run rc $?"; grep -E "^\| (humming-mlir) \||^## " $OUT/$run.log | head -30; grep -iE "gate|error" $OUT/$run.log | head -3
done
bash scripts/bundle-out.sh
