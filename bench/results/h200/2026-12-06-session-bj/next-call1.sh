#!/bin/bash
# For the next device session, on an H200 (carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT", "peers"]: dist/ from scripts/build-static.sh at main; peers/
# = Marlin built as bench/README.md says, git-ignored, never committed).
# Session bj's calls all ran on an H100 (NOTES section 126), so main's
# kernels since 515af44 (four warpgroups for 4-bit groups and for long-unit
# 4-bit channel layers; 65+ rows only) have no H200 run of the harness.
# 1. The final run of the benchmark at main with Marlin in the same run,
#    M = 1..128. Prediction: every M <= 64 cell within the spread of
#    bench-2026-12-05-515af44 (W4A16 channel M = 1 12.2-12.4 us, W8A16 M = 1
#    / 16 20.0-20.4 / 21.0-21.2): those kernels are unchanged; M = 80 / 128
#    likewise (28672 x 4096's 97..128 entry is four warpgroups now: within
#    2 % of 515af44's 128-row cell there).
# 2. 4096 x 11008 at 129..192 rows: the 192-row 4-split tile (322-452 ms to
#    compile on 2 cores, the one M <= 192 kernel over 300) against the
#    193..256 entry's 128 x 128 cluster pair stretched over 129..192 (218-290
#    ms). Section 71 measured the pair 1.04 / 1.00 / 0.97x the 192-row tile
#    for W4A16 channel at M = 129 / 160 / 192 and 1.08-1.16x for g128.
#    Prediction: the same within 2 %. Rule: a case takes the pair where it
#    is no more than 1 % slower on the range's mean and 3 % at any M.
# 3. The whole suite's wgmma and shapes tiers on the H200 with the time left
#    (they passed on an H100 at 4380ee5).
set -u
LIMIT=${LIMIT:-560}
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $? $(date +%T)"
OUT=$OUT/full timeout 230 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $? $(date +%T)"; tail -3 $OUT/full.log
VARIANT_MS=129,144,160,176,192 VARIANT_REPS=10
export VARIANT_MS VARIANT_REPS
for c in w4a16-int4-channel w4a16-int4-g128 w8a16-int8-channel; do
  entry_variants pair-$c $c 4096x11008 "pair=129-192:128x128x64:1x2x1:s8:kc2:wg"
done
t=$((LIMIT - SECONDS - 40))
[ "$t" -gt 60 ] && OUT=$OUT/val HUMMING_VALIDATE_BUDGET=$((t - 20)) HUMMING_VALIDATE_ONLY=1 timeout $t \
  bash scripts/device-validate.sh wgmma shapes > $OUT/val.log 2>&1
echo "validate rc $? $(date +%T)"; tail -8 $OUT/val.log
gpu_clocks
bash scripts/bundle-out.sh
