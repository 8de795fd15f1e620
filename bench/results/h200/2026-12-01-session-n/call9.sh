#!/bin/bash
# Session n, call 9: A/B of the wgmma group-scale loads before the MMA wait
# (dist/, ce2552b) against after it (dist/base/, 5a221b7), each its own
# runtime and kernel cache, twice in turn: W4A16 g128 at 17..64 rows.
mkdir -p /tmp/rt-base && tar -C /tmp/rt-base -xJf dist/base/humming-runtime.tar.xz
base=/tmp/rt-base/humming-runtime/lib/libHummingRuntime.so
for i in 1 2; do
  for v in base new; do
    if [ $v = base ]; then lib=$base; c=5a221b7; else lib=; c=$(cat dist/COMMIT); fi
    HUMMING_LIBRARY=$lib HUMMING_COMMIT=$c HUMMING_CACHE_DIR=/tmp/cache-$v OUT=$OUT/$v$i \
      timeout 70 bash bench/run.sh --cases w4a16-int4-g128 --shapes 8192x8192,4096x11008 --ms 24,32,48,64 --reps 15 --sweeps 2 --no-graph > $OUT/$v$i.log 2>&1
    echo "$v$i rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/$v$i.log; grep -iE "gate|error" $OUT/$v$i.log | head -3
  done
done
bash scripts/bundle-out.sh
