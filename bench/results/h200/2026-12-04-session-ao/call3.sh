#!/bin/bash
# Session ao, call 3 (carry ["dist"]; dist = exp/overlap-scales at b5be022
# (dist/COMMIT): call 2's change, plus one wgmma commit group per fence, so
# that the in-run wait counts ptxas's hardware groups (call 2's SASS:
# ptxas closes a group at every fence, so its `wait_group 2` became
# DEPBAR.LE gsb0, 0x2 -- two k16 steps, not two k-blocks -- at 64 rows,
# where the fence is per step; at 32 rows, one fence per k-block, it was
# the intended wait, and only M = 24 / 32 gained, 0.2-0.4 us); and g64
# runs of one k-block on sums where an iteration has two or more (the
# planner's 12-stage g64 tiles: two runs, the first's FFMAs hidden).
# dist/base = d05ede6 (main's kernels). SASS check of the new windows
# (an early form of scripts/wgmma-hazards.py): DEPBAR.LE gsb0, 0x7 at 64 rows, 31 of
# the 32 FFMAs inside, no write to a pending HGMMA's A or D registers.
# 1. Correctness: the wgmma tier (its g64 layer now on 2-4 runs of one).
# 2. A / B, base new base new: g128 8192^2 M = 24 / 32 / 48 / 64; g64
#    8192^2 and 28672 x 4096 M = 32 / 48 / 64; channel 8192^2 M = 64.
#    Prediction: g128 M = 48 / 64 0.4-0.9 faster (half of the post-wait
#    FFMAs now hidden under 8 HGMMAs), M = 24 / 32 as call 2 (0.2-0.4);
#    g64 0.5-2 faster (call 1: fragment scales cost the g128 pair 2.7-3.2
#    us against sums; g64's tiles have them today); channel within +-0.2.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
date +%T
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=130 HUMMING_VALIDATE_ONLY=1 timeout 150 bash scripts/device-validate.sh wgmma > $OUT/val.log 2>&1
echo "validate rc $?"; tail -2 $OUT/val.log
date +%T
timeout 150 bash bench/ab.sh dist/base/humming-runtime.tar.xz 2 \
  --cases w4a16-int4-g128 --shapes 8192x8192 --ms 24,32,48,64 --reps 15 --sweeps 2 \
  --no-graph --peers /nonexistent
date +%T
timeout 200 bash bench/ab.sh dist/base/humming-runtime.tar.xz 2 \
  --cases w4a16-int4-g64 --shapes 8192x8192,28672x4096 --ms 32,48,64 --reps 15 --sweeps 2 \
  --no-graph --peers /nonexistent
date +%T
timeout 60 bash bench/ab.sh dist/base/humming-runtime.tar.xz 1 \
  --cases w4a16-int4-channel --shapes 8192x8192 --ms 64 --reps 15 --sweeps 2 \
  --no-graph --peers /nonexistent
date +%T
bash scripts/bundle-out.sh
