#!/bin/bash
# Session aa, call 4 (this commit's runtime in dist/, e8ecc08's in dist/base/;
# carry ["dist"], about 9 min).
# The planner's 65+ entries for even code widths now take call 3's w24:
# 128 x 128 tiles of 2 x 4 half-tile warps instead of 2 x 2 whole-tile
# warps (odd widths keep those). The M <= 64 entries are unchanged, so the
# final run of e8ecc08 (call 1) stands for the targets.
# 1. Correctness: smoke (planner tables, M up to 4096), tiles, swapped,
#    wgmma, narrow, and shapes (the planner's tables at the five shapes).
# 2. A / B against e8ecc08, 2 rounds, W4A16 channel / g128 and W8A16 at
#    8192^2, 4096^2 and 28672 x 4096, M = 128 / 1024 / 4096.
#    Prediction (call 3 at 8192^2: 5-8 % at 128..1024, channel): 3-8 %
#    faster at M = 128 and 1024 on all three shapes and all three cases
#    (g128 puts its scales in the B fragment on these tiles, the same for
#    both warp grids); at M = 4096 (mma.sync bound) 0-5 % faster.
set -u
source scripts/runtime-env.sh
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=180 bash scripts/device-validate.sh smoke tiles swapped wgmma narrow shapes > $OUT/val.log 2>&1
echo "validate rc $?"; tail -3 $OUT/val.log; grep -E '"(layers_checked|checks|passed)"' $OUT/val/validate-summary.txt
OUT=$OUT/ab timeout 300 bash bench/ab.sh dist/base/humming-runtime.tar.xz 2 --cases w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel --shapes 8192x8192,4096x4096,28672x4096 --ms 128,1024,4096 --reps 10 --sweeps 1 --no-graph --peers /nonexistent > $OUT/ab.log 2>&1
echo "ab rc $?"; grep -v "^$" $OUT/ab.log | grep -v "^Date" | head -120
bash scripts/bundle-out.sh
