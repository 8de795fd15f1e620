#!/bin/bash
# Session as, call 5 (carry ["dist", "peers"]; dist = 706694c: main with one
# wgmma fence per two k16 steps on tiles of one 64-row weight tile per
# warpgroup, the rule call 4 measured; dist/base = 5bc2fe0).
# 1. Correctness: the planner's 33..64 tables at the five shapes (the
#    kernels the rule changes: cluster pairs, workspace splits, the
#    one-warpgroup 3-CTA tile, 2-CTA tiles; g128 / g64 runs, bf16 + integer
#    zero points) through humming-run's reference check, memcheck on one;
#    the wgmma tier (every wgmma table, odd shapes).
# 2. The final run at 706694c, Marlin in the same run, M = 1 / 16 / 32 / 64.
#    Prediction: 8192^2 g128 M = 64 20.2-20.6 (target 21: met), M = 32
#    unchanged (its tile is 32 rows); channel M = 64 19.0-19.3; every
#    M <= 32 cell within its run-to-run spread of call 1's run; the
#    shapes call 4 did not measure (4096^2, 4096 x 11008, 28672 x 4096
#    channel at 33..64) within +-0.3 of call 1's.
# 3. Those three shapes at M = 48 / 64 beside 5bc2fe0, one round.
set -u
source scripts/runtime-env.sh
date +%T
d=bench/results/h200/2026-12-04-session-as
timeout 100 bash scripts/check-layers.sh < $d/call5-layers.txt > $OUT/layers.txt 2>&1
echo "check rc $?"; tail -1 $OUT/layers.txt
sed -n 1p $d/call5-layers.txt | timeout 50 bash scripts/memcheck-layers.sh > $OUT/memcheck.txt 2>&1
echo "memcheck rc $?"; tail -1 $OUT/memcheck.txt
date +%T
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=70 HUMMING_VALIDATE_ONLY=1 timeout 90 \
  bash scripts/device-validate.sh wgmma > $OUT/val.log 2>&1
echo "validate rc $?"; grep -E "layers_checked|\"checks\"|\"passed\"|not_run|FAILED" $OUT/val.log | tail -6
date +%T
bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"
OUT=$OUT/full timeout 100 bash bench/run.sh --ms 1,16,32,64 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; tail -3 $OUT/full.log
date +%T
mkdir -p /tmp/base-rt && tar -C /tmp/base-rt -xJf dist/base/humming-runtime.tar.xz
base_lib=/tmp/base-rt/humming-runtime/lib/libHummingRuntime.so
for cfg in "base $base_lib 5bc2fe0" "new $HUMMING_LIBRARY 706694c"; do
  set -- $cfg
  HUMMING_LIBRARY=$2 HUMMING_COMMIT=$3 HUMMING_CACHE_DIR=/tmp/as5-cache-$1 OUT=$OUT/ab-$1 \
    timeout 35 bash bench/run.sh --shapes 4096x4096,4096x11008,28672x4096 --ms 48,64 \
    --reps 15 --sweeps 2 --no-graph --peers /nonexistent > $OUT/ab-$1.log 2>&1
  echo "ab-$1 rc $? $(date +%T)"; grep -E "^## |^\| (humming-mlir|impl) " $OUT/ab-$1.log
done
bash scripts/bundle-out.sh
