#!/bin/bash
# Session f, call 6: conflict-free code loads in the wgmma kernels (f93ca17:
# a lane's quarter of each weight tile rotates with its row group). The
# wgmma tier first, then the wgmma shapes at M = 32 / 64 against a0e077d's
# runtime (carried in build-prev/), A B A B, Marlin in every run.
source scripts/runtime-env.sh
HUMMING_VALIDATE_ONLY=1 HUMMING_VALIDATE_BUDGET=100 OUT=$OUT/val timeout 140 bash scripts/device-validate.sh wgmma > $OUT/val.log 2>&1
tail -3 $OUT/val.log; grep -v "^PASS" $OUT/val/validate.txt 2>/dev/null | head -5
mkdir -p /tmp/rt-prev && tar -C /tmp/rt-prev -xJf build-prev/humming-runtime.tar.xz
NEW_LIB=$HUMMING_LIBRARY
mv peers/humming-src peers/.humming-src
for run in prev1 new1 prev2 new2; do
  if [ "${run%?}" = prev ]; then
    export HUMMING_LIBRARY=/tmp/rt-prev/humming-runtime/lib/libHummingRuntime.so HUMMING_CACHE_DIR=/tmp/hc-prev HUMMING_COMMIT=a0e077d
  else
    export HUMMING_LIBRARY=$NEW_LIB HUMMING_CACHE_DIR=/tmp/hc-new HUMMING_COMMIT=f93ca17
  fi
  OUT=$OUT/$run timeout 100 bash bench/run.sh --cases w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel --shapes 28672x4096,8192x8192,4096x11008 --ms 32,64 --reps 15 --sweeps 1 --no-graph > $OUT/$run.log 2>&1
  echo "== $run"; grep -E "^\| (humming-mlir|marlin) \||^## " $OUT/$run.log | head -30; grep -iE "gate|error" $OUT/$run.log | grep -v "humming excl\|GATE FAILED humming:" | head -3
done
mv peers/.humming-src peers/humming-src
bash scripts/bundle-out.sh
