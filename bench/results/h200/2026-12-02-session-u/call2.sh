#!/bin/bash
# Session u, call 2 (5517fca's runtime, carry ["dist"], about 9 min): the
# wgmma kernels of 32 rows or fewer fence once per k-block, after the
# decode of its four k16 steps, instead of once per step (call 1 measured
# it through an environment switch, branch exp/fence-steps).
# 1. Correctness: the smoke, tiles and wgmma tiers (every wgmma table of the
#    suite: 8..32-row tiles, K splits, stream-K, cluster pairs, group sums),
#    compute-sanitizer, the Python tests.
# 2. Timing: bench/ab.sh, d7dde67's runtime (base, main's kernels) against
#    5517fca's, twice each in turn, the five shapes, M = 1 / 32 / 64
#    (1 and 64: controls, their kernels are the same).
# Prediction (call 1): 0.3-1.0 us faster at 17..32 rows where a warpgroup
# holds one weight tile (8192^2 W4A16 channel / g128 / W8A16, 4096 x 11008
# W4A16 channel / g128 / W8A16), equal where it holds two (28672 x 4096
# W4A16), equal at M = 1 and 64.
set -u
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=150 timeout 230 bash scripts/device-validate.sh smoke tiles wgmma > $OUT/val.log 2>&1
echo "validate rc $?"; grep -E "layers_checked|\"checks\"|\"passed\"|errors" $OUT/val/validate-summary.txt | head -6
grep -v '^PASS' $OUT/val/validate.txt | grep -v 'REPACK SAME' | head -10
grep -E "exit|ERROR SUMMARY" $OUT/val/sanitizer.txt | sort | uniq -c
tail -2 $OUT/val/pytest.txt
timeout 300 bash bench/ab.sh dist/base/humming-runtime.tar.xz 2 --cases w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel \
  --ms 1,32,64 --reps 15 --sweeps 2 --no-graph --peers /nonexistent > $OUT/ab.log 2>&1
echo "ab rc $?"; grep -v '^$' $OUT/ab.log | grep -v '^Date' | head -140
bash scripts/bundle-out.sh
