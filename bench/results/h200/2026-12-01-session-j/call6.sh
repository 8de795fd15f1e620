#!/bin/bash
# Session j, call 6 (planner: 16-stage wgmma at 17..32 for 8-bit channel
# codes where 2+ splits fill the SMs, and for g128 where exactly 2 do):
# (1) the shapes and wgmma tiers; (2) humming-run's check (every row
# written, 16 rows against the reference) of the layers whose 17..32 kernel
# changed, M = 17 / 20 / 32; (3) 81276de's runtime against this build,
# A B A B, M = 20 / 32.
source scripts/runtime-env.sh
NEW_LIB=$HUMMING_LIBRARY
HUMMING_VALIDATE_ONLY=1 HUMMING_VALIDATE_BUDGET=150 OUT=$OUT/val timeout 240 bash scripts/device-validate.sh shapes wgmma > $OUT/val.log 2>&1
grep -v "^PASS" $OUT/val/validate.txt | grep -v "^REPACK SAME" | head -8; grep -E '"(layers_checked|checks|passed)"|not_run' $OUT/val/validate-summary.txt
for s in "n=8192 k=8192 weight=int8 scale=channel bias=1" "n=4096 k=11008 weight=int8 activation=bfloat16 scale=channel" \
         "n=4096 k=4096 weight=int8 scale=channel" "n=1000 k=1024 weight=int8 scale=channel bias=1" \
         "n=2048 k=2048 weight=float8e4m3 scale=channel" "n=250 k=3968 weight=int8 scale=channel" \
         "n=8192 k=8192 weight=uint4 scale=group group_size=128 zero_point=integer" "n=8192 k=8192 weight=float4e2m1 scale=group group_size=128"; do
  echo "== $s"; timeout 60 "$HUMMING_RUN" --spec "$s target=h200" -m 17,20,32 --iters 3 -q 2>&1 | tail -4
done > $OUT/check-17-32.txt 2>&1
echo "PASS lines: $(grep -c "^M=.* PASS " $OUT/check-17-32.txt) of 24"; grep -E "^M=.* FAIL |error" $OUT/check-17-32.txt | head -5
mkdir -p /tmp/rt-prev && tar -C /tmp/rt-prev -xJf build-prev/humming-runtime.tar.xz
for run in prev1 new1 prev2 new2; do
  case $run in
    prev*) export HUMMING_LIBRARY=/tmp/rt-prev/humming-runtime/lib/libHummingRuntime.so HUMMING_CACHE_DIR=/tmp/hc-prev ;;
    new*) export HUMMING_LIBRARY=$NEW_LIB HUMMING_CACHE_DIR=/tmp/hc-new ;;
  esac
  OUT=$OUT/$run timeout 100 bash bench/run.sh --cases w8a16-int8-channel,w4a16-int4-g128 --shapes 8192x8192,4096x11008,4096x4096 --ms 20,32 --reps 15 --sweeps 1 --no-graph > $OUT/$run.log 2>&1
  echo "== $run rc $?"; grep -E "^\| (humming-mlir) \||^## " $OUT/$run.log | head -30; grep -iE "gate|error" $OUT/$run.log | head -3
done
bash scripts/bundle-out.sh
