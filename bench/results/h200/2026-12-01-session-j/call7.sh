#!/bin/bash
# Session j, call 7: the full benchmark on f1f7c59 (the 17..32 planner change) with Marlin (built first
# from the git-ignored peers/ folder, never committed) in the same run.
[ -f peers/build.sh ] && { time bash peers/build.sh; } > $OUT/marlin-build.log 2>&1; tail -1 $OUT/marlin-build.log
source scripts/runtime-env.sh
OUT=$OUT/full timeout 200 bash bench/run.sh --ms 1,4,16,32,64 --reps 20 > $OUT/full.log 2>&1
echo "rc $?"; grep -iE "not run|gate" $OUT/full.log | head -5; grep -E "^\||^## " $OUT/full.log | grep -E "^## |humming-mlir \||marlin \||cublas-fp16 \|"
bash scripts/bundle-out.sh
