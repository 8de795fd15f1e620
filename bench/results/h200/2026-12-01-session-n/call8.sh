#!/bin/bash
# Session n, call 8 (5a221b7: call 5 plus the 8-bit 1..16 workspace split): (1) the full benchmark with Marlin (built
# first from the git-ignored peers/ folder, never committed) in the same
# run: the one-run result of this session;
# (2) the README example, the smoke tier, compute-sanitizer and the Python
# tests (scripts/device-validate.sh smoke).
[ -f peers/build.sh ] && { time bash peers/build.sh; } > $OUT/marlin-build.log 2>&1; tail -1 $OUT/marlin-build.log
source scripts/runtime-env.sh
OUT=$OUT/full timeout 270 bash bench/run.sh --ms 1,4,16,32,64 --reps 20 > $OUT/full.log 2>&1
echo "bench rc $?"; grep -iE "not run|gate" $OUT/full.log | head -5; grep -E "^\||^## |^JIT" $OUT/full.log | grep -E "^## |humming-mlir \||marlin \||cublas-fp16 \||^JIT"
HUMMING_VALIDATE_BUDGET=90 OUT=$OUT/val timeout 240 bash scripts/device-validate.sh smoke > $OUT/val.log 2>&1
echo "validate rc $?"; grep -E "^M=" $OUT/val/humming-run.txt | grep -c PASS; grep -v "^PASS" $OUT/val/validate.txt | grep -v "^REPACK SAME" | head -8; grep -E '"(layers_checked|checks|passed)"|not_run' $OUT/val/validate-summary.txt | head; grep -E "ERROR SUMMARY|passed|failed" $OUT/val.log | tail -5
bash scripts/bundle-out.sh
