#!/bin/bash
# Session g, call 6: the wgmma tier on bcf3404 (call 5's budget ran out
# before it), then the final full benchmark of bcf3404, peers in the same
# run (Marlin built first from the git-ignored peers/ folder by a
# git-ignored helper there, when present; never committed).
HUMMING_VALIDATE_ONLY=1 HUMMING_VALIDATE_BUDGET=110 OUT=$OUT/val timeout 160 bash scripts/device-validate.sh wgmma > $OUT/val.log 2>&1
tail -2 $OUT/val.log; grep -v "^PASS" $OUT/val/validate.txt | grep -v "^REPACK SAME" | head -8; grep -E '"(layers_checked|checks|passed)"' $OUT/val/validate-summary.txt; grep -c . $OUT/val/validate.txt
[ -x peers/build.sh ] && { time bash peers/build.sh; } > $OUT/marlin-build.log 2>&1; tail -1 $OUT/marlin-build.log
source scripts/runtime-env.sh
OUT=$OUT/full timeout 200 bash bench/run.sh --ms 1,4,16,32,64 --reps 20 > $OUT/full.log 2>&1
echo "rc $?"; grep -E "^\||^## " $OUT/full.log | grep -E "^## |humming-mlir \||marlin \|"
bash scripts/bundle-out.sh
