#!/bin/bash
# Session p, call 6 (the runtime after call 5: the 2-CTA 64-column 1..8
# tile of N = 4096 for channel scales only; g128 layers back to their
# earlier tables): the full benchmark with Marlin (built first from the
# git-ignored peers/ folder, never committed), the session's one-run result.
[ -f peers/build.sh ] && { time bash peers/build.sh; } > $OUT/marlin-build.log 2>&1; tail -1 $OUT/marlin-build.log
source scripts/runtime-env.sh
OUT=$OUT/full timeout 300 bash bench/run.sh --ms 1,4,8,16,32,64 --reps 20 > $OUT/full.log 2>&1
echo "bench rc $?"; grep -iE "not run|gate" $OUT/full.log | head -5; grep -E "^\||^## |^JIT" $OUT/full.log | grep -E "^## |humming-mlir \||marlin \||cublas-fp16 \||^JIT"
bash scripts/bundle-out.sh
