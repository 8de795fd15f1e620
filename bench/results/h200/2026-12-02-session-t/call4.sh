#!/bin/bash
# Session t, call 4 (eea68f2's runtime, carry ["dist"], about 8 min): the
# split-K end without a release before the tile counter (section 51).
# Before: every CTA stored its partials, thread 0 released them (MEMBAR
# before the acq_rel counter atomic: a wait for the stores' acknowledgement),
# the last CTA loaded. Now: the counter atomic is relaxed and issued at
# once; the last CTA reloads a group of partials until none of its words is
# empty (a signalling NaN no arithmetic makes), empties them again, adds in
# split order as before. The workspace starts empty; each launch leaves it
# empty.
# 1. Correctness: the smoke, shapes, tiles, swapped and wgmma tiers (K
#    splits, stream-K, cluster pairs, every M range of a layer sharing one
#    workspace) with HUMMING_CHECK_WORKSPACE=1 (after every launch that
#    reduces partials the runtime waits and checks the workspace is empty and
#    the counters zero), compute-sanitizer, a 100-call stress across M
#    ranges, the Python tests.
# 2. Timing, only if 1 passed: bench/ab.sh, d7dde67's runtime (base) against
#    eea68f2's, twice each in turn, W4A16 channel / g128 / W8A16 at 8192^2,
#    4096^2 and 4096 x 11008, M = 1 / 8 / 16 / 32 / 64.
# Prediction: 0.2-0.5 us faster at M <= 16 where K is split (all three
# shapes for W4A16 channel; g128 at 4096^2 and 4096 x 11008; W8A16 at
# 4096 x 11008), 0.0-0.3 at M = 32 / 64 (2-4 splits of larger partials),
# unchanged where units are whole (g128 and W8A16 at 8192^2 for 1..8).
set -u
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=200 timeout 330 bash scripts/device-validate.sh smoke shapes tiles swapped wgmma > $OUT/val.log 2>&1
echo "validate rc $?"; grep -E "layers_checked|\"checks\"|\"passed\"|errors" $OUT/val/validate-summary.txt | head -6
grep -v '^PASS' $OUT/val/validate.txt | head -10
grep -E "exit|ERROR SUMMARY" $OUT/val/sanitizer.txt | sort | uniq -c
cat $OUT/val/workspace.txt | tail -12; tail -2 $OUT/val/pytest.txt
if grep -q '"errors": \[\]' $OUT/val/validate-summary.txt && ! grep -qv '^PASS' $OUT/val/validate.txt && grep -q 'exit 0' $OUT/val/workspace.txt; then
  timeout 330 bash bench/ab.sh dist/base/humming-runtime.tar.xz 2 --cases w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel \
    --shapes 8192x8192,4096x4096,4096x11008 --ms 1,8,16,32,64 --reps 15 --sweeps 2 --no-graph > $OUT/ab.log 2>&1
  echo "ab rc $?"; cat $OUT/ab.log | grep -v '^$' | head -80
else
  echo "validation failed: no timing"
fi
bash scripts/bundle-out.sh
