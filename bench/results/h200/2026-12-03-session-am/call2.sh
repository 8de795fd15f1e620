#!/bin/bash
# Session am, call 2 (carry ["dist", "peers"]): the unit without the
# persistent loop where the grid has a CTA per unit (oneUnitPerCta).
# Call 1's ncu of the 8192^2 M = 1 8-row queue put 12 % (W4A16) / 8 %
# (W8A16) of the warp samples before the round loop, about 1.4-1.6 us a
# warp, the first code copy after 193 instructions; ptxas had hoisted the
# unit end's shared-memory addresses out of the persistent loop (120
# registers). Runtimes, in turn with their own kernel caches:
#   base  dist/base (5a32680);
#   one   dist/one  (4b91563: one unit per CTA under a guard; first code
#         copy after 137 instructions, 51 registers; the 16-row queue 127
#         -> 96 registers);
#   new   dist      (+ the queue's absent-row zeros after the first rounds'
#         copies: first code copy after 117 instructions; 16-row 122).
# Prediction: M = 1..8 lane queues 0.1-0.4 us faster (the copies start
# 0.05-0.1 us sooner at 4 warps a scheduler, more if the prologue's
# instructions are slow at kernel start, as call 1's samples say); 16-row
# queues and M = 64 (wgmma, 128 units: also one unit per CTA) 0.0-0.3.
# 1. Correctness of `new`: session al's lane-queue tables, memcheck on two,
#    the shapes tier.
# 2. A / B / C, twice: three cases x 2 shapes x M = 1 / 16 / 64.
# 3. The harness over everything with Marlin (the final run if kept).
set -u
source scripts/runtime-env.sh
d=bench/results/h200/2026-12-03-session-am
date +%T
( bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?" > $OUT/peers-rc.txt ) &
timeout 100 bash scripts/check-layers.sh < $d/call1-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
sed -n '1p;4p' $d/call1-layers.txt | timeout 60 bash scripts/memcheck-layers.sh > "$OUT/memcheck.txt" 2>&1
tail -1 "$OUT/memcheck.txt"
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=100 HUMMING_VALIDATE_ONLY=1 timeout 110 bash scripts/device-validate.sh shapes > $OUT/val.log 2>&1
echo "validate rc $?"; tail -1 $OUT/val.log
date +%T
for v in base one; do mkdir -p /tmp/$v && tar -C /tmp/$v -xJf dist/$v/humming-runtime.tar.xz; done
run() {
  local tag=$1 lib=$2
  OUT=$OUT/$tag HUMMING_LIBRARY=$lib HUMMING_CACHE_DIR=/tmp/cache-${tag%?} \
    HUMMING_COMMIT=$tag timeout 100 bash bench/run.sh \
    --cases w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel \
    --shapes 8192x8192,4096x11008 --ms 1,16,64 --reps 15 --sweeps 2 \
    --no-graph --peers /nonexistent > $OUT/$tag.log 2>&1
  echo "$tag rc $?"; grep -E "^\| (humming-mlir|impl) |^## " $OUT/$tag.log | head -40
  grep -iE "gate|error|fail" $OUT/$tag.log | head -3
}
for r in A B; do
  run base$r /tmp/base/humming-runtime/lib/libHummingRuntime.so
  run one$r /tmp/one/humming-runtime/lib/libHummingRuntime.so
  run new$r /tmp/humming-runtime/lib/libHummingRuntime.so
done
date +%T
wait; cat $OUT/peers-rc.txt
OUT=$OUT/full timeout 260 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; tail -3 $OUT/full.log
date +%T
bash scripts/bundle-out.sh
