#!/bin/bash
# Session n, call 1: (1) A/B of the split-K end's ordering: one acq_rel
# counter atomic in thread 0 (dist/, this commit) against a MEMBAR.SC.GPU in
# every thread before the counter and another before the last CTA's loads
# (dist/base/, 34ee86e), each its own runtime and kernel cache, twice in
# turn; (2) the smoke tier, compute-sanitizer and the Python tests with the
# new runtime; (3) ncu with per-SASS stall samples on the M = 1 kernel.
mkdir -p /tmp/rt-base && tar -C /tmp/rt-base -xJf dist/base/humming-runtime.tar.xz
base=/tmp/rt-base/humming-runtime/lib/libHummingRuntime.so
ab() { # name cases ms shapes
  for i in 1 2; do
    for v in base new; do
      if [ $v = base ]; then lib=$base; c=34ee86e; else lib=; c=$(cat dist/COMMIT); fi
      HUMMING_LIBRARY=$lib HUMMING_COMMIT=$c HUMMING_CACHE_DIR=/tmp/cache-$v OUT=$OUT/$1-$v$i \
        timeout 120 bash bench/run.sh --cases $2 --shapes $4 --ms $3 --reps 15 --sweeps 2 --no-graph > $OUT/$1-$v$i.log 2>&1
      echo "$1 $v$i rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/$1-$v$i.log; grep -iE "gate|error" $OUT/$1-$v$i.log | head -3
    done
  done
}
ab all w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel 1,4,8,16,32,64 8192x8192,4096x4096
# Deeper pipelines for the 2-CTA 16 x 128 tile (8 stages in the planner).
T="17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x128x64:1x2x1:s16:k2:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1"
OUT=$OUT/deep-ch timeout 90 bash bench/run.sh --cases w4a16-int4-channel --shapes 8192x8192 --ms 1,4,8 --reps 15 --sweeps 2 --no-graph --variant "s12=dispatch=1-8:16x128x64:1x4x1:s12:k4:c2,9-16:16x64x64:1x2x4:s24:k1,$T" --variant "s16=dispatch=1-8:16x128x64:1x4x1:s16:k4:c2,9-16:16x64x64:1x2x4:s24:k1,$T" > $OUT/deep-ch.log 2>&1
echo "deep-ch rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/deep-ch.log; grep -iE "gate|error" $OUT/deep-ch.log | head -3
OUT=$OUT/deep-g timeout 90 bash bench/run.sh --cases w4a16-int4-g128 --shapes 8192x8192 --ms 1,16 --reps 15 --sweeps 2 --no-graph --variant "s12=dispatch=1-16:16x128x64:1x4x1:s12:k4:c2,$T" --variant "s16=dispatch=1-16:16x128x64:1x4x1:s16:k4:c2,$T" > $OUT/deep-g.log 2>&1
echo "deep-g rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/deep-g.log; grep -iE "gate|error" $OUT/deep-g.log | head -3
HUMMING_PROFILE_SOURCE=1 timeout 120 bash bench/profile.sh "n=8192 k=8192 weight=uint4 scale=channel target=h200" 1
HUMMING_VALIDATE_BUDGET=90 OUT=$OUT/val timeout 240 bash scripts/device-validate.sh smoke > $OUT/val.log 2>&1
echo "validate rc $?"; grep -E "^M=" $OUT/val/humming-run.txt | grep -c PASS; grep -v "^PASS" $OUT/val/validate.txt | grep -v "^REPACK SAME" | head -8; grep -E '"(layers_checked|checks|passed)"|not_run' $OUT/val/validate-summary.txt | head; grep -E "ERROR SUMMARY|passed|failed" $OUT/val.log | tail -5
bash scripts/bundle-out.sh
