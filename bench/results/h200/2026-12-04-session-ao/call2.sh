#!/bin/bash
# Session ao, call 2 (carry ["dist"]; dist = branch exp/overlap-scales: main
# 30083f7 + the i8 rule + wgmma group-scale sums scaled while the next
# run's MMAs are in flight; dist/base = exp/i8, d05ede6: main's kernels).
# Call 1 found the group scales in the decoded fragment 2.7-3.2 us slower
# than sums on the g128 pair, so the sums stay; what costs g128 its 1.8 us
# over channel on that tile is the 64 FFMAs after each iteration's MMA
# wait. Now run r's set is scaled after a wait_group that leaves run r + 1's
# k-blocks in flight (two sets; a run past the unit's end selected away).
# 1. Correctness: the wgmma tier (16-stage tables with two runs, split and
#    stream-K units whose last iteration lacks the second run, warp-
#    specialized; g128 uint4 bf16 with zero points).
# 2. A / B, base new base new: g128 8192^2 (the planner's 16-stage tiles,
#    17..32 and 33..64 rows, two runs an iteration) M = 24 / 32 / 48 / 64,
#    channel 8192^2 M = 64 as the control. Prediction: g128 0.4-0.9 us
#    faster at M = 48 / 64 (half of the 1.8 us of post-wait FFMAs hidden,
#    if ptxas's DEPBAR.LE gsb0, 0x2 keeps run 2's MMAs in flight), 0.2-0.5
#    at M = 24 / 32; channel within +-0.2.
# 3. Variants on the new runtime: the g128 pair and the 17..32 tile at 8
#    k-blocks an iteration (four runs, two sets, three of four scalings
#    hidden; 255 registers, no spills). Prediction: another 0.2-0.5 at M =
#    48 / 64.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
date +%T
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=150 HUMMING_VALIDATE_ONLY=1 timeout 170 bash scripts/device-validate.sh wgmma > $OUT/val.log 2>&1
echo "validate rc $?"; tail -2 $OUT/val.log
date +%T
timeout 200 bash bench/ab.sh dist/base/humming-runtime.tar.xz 2 \
  --cases w4a16-int4-g128 --shapes 8192x8192 --ms 24,32,48,64 --reps 15 --sweeps 2 \
  --no-graph --peers /nonexistent
timeout 60 bash bench/ab.sh dist/base/humming-runtime.tar.xz 1 \
  --cases w4a16-int4-channel --shapes 8192x8192 --ms 64 --reps 15 --sweeps 2 \
  --no-graph --peers /nonexistent
date +%T
VARIANT_MS=24,32,48,64 VARIANT_TIMEOUT=100
entry_variants g128-i8 w4a16-int4-g128 8192x8192 \
  "i8=17-32:32x128x64:1x2x1:s16:k2:wg:i8 33-64:64x128x64:1x2x1:s16:kc2:wg:i8"
date +%T
bash scripts/bundle-out.sh
