#!/bin/bash
# Session f, call 4: the full benchmark (peers in the same run) on a0e077d.
source scripts/runtime-env.sh
OUT=$OUT/full timeout 560 bash bench/run.sh --ms 1,4,16,32,64 --reps 20 > $OUT/full.log 2>&1
echo "rc $?"; grep -E "^\||^## " $OUT/full.log | head -150 | grep -E "^## |humming-mlir \||marlin \||cublas-fp16 \||speedup"
bash scripts/bundle-out.sh
