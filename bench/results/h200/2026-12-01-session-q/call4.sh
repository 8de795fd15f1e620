#!/bin/bash
# Session q, call 4 (main's runtime after the merge of exp/narrow-2cta and
# 901be5d's 3-split 2-CTA tile at 11008 x 4096): the final full benchmark
# with Marlin (built first from the git-ignored peers/ folder, never
# committed). (The smoke tier planned after it was dropped: a failed start
# left too little device time; call 1 validated every new kernel.)
[ -f peers/build.sh ] && { time bash peers/build.sh; } > $OUT/marlin-build.log 2>&1; tail -1 $OUT/marlin-build.log
source scripts/runtime-env.sh
OUT=$OUT/full timeout 200 bash bench/run.sh --ms 1,4,8,16,32,64 --reps 20 > $OUT/full.log 2>&1
echo "bench rc $?"; grep -iE "not run|gate" $OUT/full.log | head -5; grep -E "^\||^## |^JIT" $OUT/full.log | grep -E "^## |humming-mlir \||marlin \||cublas-fp16 \||^JIT"
bash scripts/bundle-out.sh
