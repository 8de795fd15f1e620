#!/bin/bash
# Session g, call 1: group scales on fp32 per-group sums (e52440b). The
# smoke, tiles, partitions, shapes and formats tiers first (the M <= 32
# mma.sync kernels with group scales take the new path), then W4A16 g128
# and channel (control, unchanged kernels) at M = 1 .. 64 against the
# previous runtime (0c817e1, carried in build-prev/), A B A B.
HUMMING_VALIDATE_ONLY=1 HUMMING_VALIDATE_BUDGET=230 OUT=$OUT/val timeout 330 bash scripts/device-validate.sh smoke tiles partitions shapes formats > $OUT/val.log 2>&1
tail -2 $OUT/val.log; grep -v "^PASS" $OUT/val/validate.txt | grep -v "^REPACK SAME" | head -8; grep -E '"(layers_checked|checks|passed|layers_planned)"' $OUT/val/validate-summary.txt
source scripts/runtime-env.sh
mkdir -p /tmp/rt-prev && tar -C /tmp/rt-prev -xJf build-prev/humming-runtime.tar.xz
NEW_LIB=$HUMMING_LIBRARY
for run in prev1 new1 prev2 new2; do
  if [ "${run%?}" = prev ]; then
    export HUMMING_LIBRARY=/tmp/rt-prev/humming-runtime/lib/libHummingRuntime.so HUMMING_CACHE_DIR=/tmp/hc-prev HUMMING_COMMIT=0c817e1
  else
    export HUMMING_LIBRARY=$NEW_LIB HUMMING_CACHE_DIR=/tmp/hc-new HUMMING_COMMIT=e52440b
  fi
  OUT=$OUT/$run timeout 100 bash bench/run.sh --cases w4a16-int4-g128,w4a16-int4-channel --shapes 8192x8192,28672x4096,4096x4096,11008x4096,4096x11008 --ms 1,4,16,32,64 --reps 15 --sweeps 1 --no-graph > $OUT/$run.log 2>&1
  echo "== $run rc $?"; grep -E "^\| (humming-mlir) \||^## " $OUT/$run.log | head -30; grep -iE "gate|error" $OUT/$run.log | head -3
done
bash scripts/bundle-out.sh
