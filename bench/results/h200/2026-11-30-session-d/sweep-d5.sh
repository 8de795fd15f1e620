#!/bin/bash
# Session d, call 5: the final benchmark (all shapes, cases, M <= 64, the
# peers), Humming's own example, and the JIT figures the harness reports.
source scripts/runtime-env.sh
timeout 400 bash bench/run.sh --ms 1,4,16,32,64 --reps 20 > $OUT/bench.log 2>&1
grep -E 'GATE|excluded|Not run|JIT' $OUT/bench.log | cut -c1-250 | head; grep -B2 -A12 '^| impl' $OUT/bench.log | grep -E '^## |humming-mlir \||marlin \||humming \||cublas-fp16 \|' | head -60
for c in "1024 1024 128 mma" "8192 8192 0 mma" "8192 8192 0 wgmma"; do
  timeout 50 python3 bench/results/h200/2026-11-30-session-d/humming_selfcheck.py $c 2>&1 | grep -E 'humming own|Error|error' | head -4
done | tee $OUT/humming-selfcheck.log
