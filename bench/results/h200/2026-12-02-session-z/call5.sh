#!/bin/bash
# Session z, call 5 (this commit's runtime in dist/, ec967d8's in dist/base/;
# carry ["dist"], about 6 min).
# Call 4's change in two parts, measured together: (1) a stage's copies
# dealt out over the warps, which cost the channel 32-column kernels
# 0.2-0.6 us (8192^2 and 11008 x 4096 at M <= 8) and is undone here; (2) the
# group-scale rows copied only into the stages that start a run (sums read
# no others), kept. The channel kernels now compile to ec967d8's PTX (compared
# on the CPU); the g128 ones with sums differ from it by (2) only.
# 1. Correctness: smoke, tiles, swapped, wgmma and narrow tiers.
# 2. A / B against ec967d8, 2 rounds, g128, 8192^2, 11008 x 4096, 4096^2,
#    28672 x 4096, M = 1 / 8 / 16 / 64. Prediction: as call 4's g128 rows
#    (0-0.4 us faster at M <= 16, 11008 x 4096 M = 64 0.6 faster), or up to
#    0.2 us less where the spread of call 4's copies helped.
set -u
source scripts/runtime-env.sh
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=130 bash scripts/device-validate.sh smoke tiles swapped wgmma narrow > $OUT/val.log 2>&1
echo "validate rc $?"; tail -3 $OUT/val.log; grep -E '"(layers_checked|checks|passed)"' $OUT/val/validate-summary.txt
OUT=$OUT/ab timeout 200 bash bench/ab.sh dist/base/humming-runtime.tar.xz 2 --cases w4a16-int4-g128 --shapes 8192x8192,11008x4096,4096x4096,28672x4096 --ms 1,8,16,64 --reps 12 --sweeps 1 --no-graph --peers /nonexistent > $OUT/ab.log 2>&1
echo "ab rc $?"; grep -v "^$" $OUT/ab.log | grep -v "^Date" | head -60
bash scripts/bundle-out.sh
