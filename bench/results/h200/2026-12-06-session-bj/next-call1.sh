#!/bin/bash
# For the next device session, on an H200 (carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT", "dist/base", "peers"]: dist/ from scripts/build-static.sh at
# main; dist/base/ the same at 3d4136f (two warpgroups for 8-bit channel
# codes); peers/ = Marlin built as bench/README.md says, git-ignored, never
# committed). Before the call `bash scripts/device-aside.sh out session-bj`.
# Session bj's calls all ran on an H100 (NOTES section 126), so main's
# kernels since 515af44 (four warpgroups for 4-bit groups, long-unit 4-bit
# channel and, since 19a7078, 128+-k-block 8-bit channel layers; 65+ rows
# only) have no H200 run of the harness.
# 1. The final run of the benchmark at main with Marlin in the same run,
#    M = 1..128. Prediction: every M <= 64 cell within the spread of
#    bench-2026-12-05-515af44 (W4A16 channel M = 1 12.2-12.4 us, W8A16 M = 1
#    / 16 20.0-20.4 / 21.0-21.2): those kernels are unchanged; M = 80 / 128
#    likewise (28672 x 4096's 97..128 entry is four warpgroups now: within
#    2 % of 515af44's 128-row cell there).
# 2. A / B 3d4136f -> main (19a7078's rule, section 127), W8A16 channel where
#    it changed the kernel: 8192^2 257+, 4096 x 11008 513+, 3584 x 18944
#    257+ (its pair of 148 k-blocks a CTA, unmeasured), 57344 x 8192 97+
#    (unmeasured), 2 rounds. Prediction: 0.98-1.02 at 8192^2 (1.02 at M =
#    512), the same or better at the longer units of 4096 x 11008 and
#    3584 x 18944, 57344 x 8192 0.98-1.03. Rule: a shape whose changed range
#    is 3 % or more slower leaves the rule (raise unitBlocks past it).
# 3. 4096 x 11008 at 129..192 rows: the 192-row 4-split tile (322-452 ms to
#    compile on 2 cores) against the 193..256 entry's 128 x 128 cluster
#    pair stretched over 129..192 (218-290 ms). Section 71 measured the
#    pair 1.04 / 1.00 / 0.97x the 192-row tile for W4A16 channel at M = 129
#    / 160 / 192 and 1.08-1.16x for g128. Prediction: the same within 2 %.
#    Rule: a case takes the pair where it is no more than 1 % slower on the
#    range's mean and 3 % at any M.
# 4. The suite's wgmma:-7 (19a7078's table: 8-bit four warpgroups at s4:i2,
#    workspace splits, pair, unsplit) and shapes tiers on the H200.
set -u
LIMIT=${LIMIT:-560}
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $? $(date +%T)"
OUT=$OUT/full timeout 200 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $? $(date +%T)"; tail -3 $OUT/full.log
OUT=$OUT/ab timeout 170 bash bench/ab.sh dist/base/humming-runtime.tar.xz "${AB_ROUNDS:-2}" \
  --cases w8a16-int8-channel --shapes 8192x8192,4096x11008,3584x18944,57344x8192 \
  --ms 128,300,512,1024,4096 --reps 10 --sweeps 1 --no-graph --peers /nonexistent > $OUT/ab.log 2>&1
echo "ab rc $? $(date +%T)"
python3 bench/ab_compare.py $OUT/ab --json $OUT/ab-compare.json > $OUT/ab-compare.md 2>&1; tail -24 $OUT/ab-compare.md
VARIANT_MS=129,144,160,176,192 VARIANT_REPS=10 VARIANT_TIMEOUT=60
export VARIANT_MS VARIANT_REPS VARIANT_TIMEOUT
for c in w4a16-int4-channel w4a16-int4-g128 w8a16-int8-channel; do
  [ $((LIMIT - SECONDS)) -gt 120 ] || break
  entry_variants pair-$c $c 4096x11008 "pair=129-192:128x128x64:1x2x1:s8:kc2:wg"
done
t=$((LIMIT - SECONDS - 40))
[ "$t" -gt 60 ] && OUT=$OUT/val HUMMING_VALIDATE_BUDGET=$((t - 20)) HUMMING_VALIDATE_ONLY=1 timeout $t \
  bash scripts/device-validate.sh wgmma:-7 shapes > $OUT/val.log 2>&1
echo "validate rc $? $(date +%T)"; tail -8 $OUT/val.log
gpu_clocks
bash scripts/bundle-out.sh
