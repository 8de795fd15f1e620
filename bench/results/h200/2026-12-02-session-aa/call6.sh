#!/bin/bash
# Session aa, call 6 (this commit's runtime; carry ["dist"], about 4 min).
# Planner: 513+ rows of 4- and 8-bit codes on sm_90a take call 5's wC
# (128 x 256 tiles of two warpgroups of two weight tiles) where 513 rows
# fill the SMs (N about 6700+ on the H200: 8192^2, 11008 x 4096, 28672 x
# 4096 in the suite's shapes); 129..512 keep the mma.sync tile.
# Correctness only (call 5 timed the same tile through the harness's gate):
# the wgmma tier, now with that tile from 65 rows at the odd shapes, and the
# shapes tier (the planner's tables at the five shapes, M up to 4096).
set -u
source scripts/runtime-env.sh
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=150 bash scripts/device-validate.sh wgmma shapes > $OUT/val.log 2>&1
echo "validate rc $?"; tail -3 $OUT/val.log; grep -E '"(layers_checked|checks|passed)"|not_run' $OUT/val/validate-summary.txt
grep -h "FAILED CHECKS" $OUT/val/*.txt | sort | uniq -c
bash scripts/bundle-out.sh
