#!/bin/bash
# Session h, call 2: warp-specialized wgmma kernels (a cp.async producer
# warp, mbarriers per stage, no CTA barrier per iteration). First a few
# layers by hand, each under a timeout (a pipeline bug hangs), then the
# wgmma and smoke tiers, then the 17..64-row kernels (M = 32 / 64) of all
# three cases against bcf3404's runtime (carried in build-prev/), A B A B.
source scripts/runtime-env.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv
while read spec; do
  timeout 60 $HUMMING_RUN --spec "$spec" -m 17,33,40,64 --iters 3 -q > $OUT/run.log 2>&1; rc=$?
  echo "rc $rc: $spec"; tail -4 $OUT/run.log
  [ $rc = 124 ] && { echo HANG; bash scripts/bundle-out.sh; exit 1; }
done <<'S'
n=8192 k=8192 weight=int4 scale=channel target=h200
n=4096 k=4096 weight=uint4 scale=group group_size=128 zero_point=integer bias=1 target=h200
n=28672 k=4096 weight=int8 scale=channel target=h200
n=1000 k=1024 weight=uint4 scale=group group_size=32 zero_point=integer bias=1 target=h200 dispatch=1-8:8x128x64:1x2x1:s8:k3:wg,9-64:64x256x64:1x2x1:s6:sk:wg,65-:128x128x64:1x1x1:s4:k1:wg
S
HUMMING_VALIDATE_ONLY=1 HUMMING_VALIDATE_BUDGET=150 OUT=$OUT/val timeout 200 bash scripts/device-validate.sh wgmma smoke > $OUT/val.log 2>&1
tail -2 $OUT/val.log; grep -v "^PASS" $OUT/val/validate.txt | grep -v "^REPACK SAME" | head -8; grep -E '"(layers_checked|checks|passed)"' $OUT/val/validate-summary.txt; grep -A3 not_run_budget $OUT/val/validate-summary.txt | head -4
mkdir -p /tmp/rt-prev && tar -C /tmp/rt-prev -xJf build-prev/humming-runtime.tar.xz
NEW_LIB=$HUMMING_LIBRARY
for run in prev1 new1 prev2 new2; do
  if [ "${run%?}" = prev ]; then
    export HUMMING_LIBRARY=/tmp/rt-prev/humming-runtime/lib/libHummingRuntime.so HUMMING_CACHE_DIR=/tmp/hc-prev HUMMING_COMMIT=bcf3404
  else
    export HUMMING_LIBRARY=$NEW_LIB HUMMING_CACHE_DIR=/tmp/hc-new HUMMING_COMMIT=ws
  fi
  OUT=$OUT/$run timeout 100 bash bench/run.sh --cases w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel --shapes 8192x8192,28672x4096,4096x4096,11008x4096,4096x11008 --ms 32,64 --reps 15 --sweeps 1 --no-graph > $OUT/$run.log 2>&1
  echo "== $run rc $?"; grep -E "^\| (humming-mlir) \||^## " $OUT/$run.log | head -30; grep -iE "gate|error" $OUT/$run.log | head -3
done
bash scripts/bundle-out.sh
