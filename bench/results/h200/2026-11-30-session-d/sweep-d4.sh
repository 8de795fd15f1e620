#!/bin/bash
# Session d, call 4 (not committed): the GPU suite on the final kernels, and
# Humming's kernel cache filled for the benchmark call (beside it).
source scripts/runtime-env.sh
( OUT=$OUT/hum timeout 470 python3 bench/gemm_bench.py --out $OUT/hum --ms 1,64 --reps 2 --sweeps 1 --no-graph > $OUT/hum.log 2>&1; tar -C peers -cJf $OUT/humming-cache.tar.xz humming-cache ) &
HUMMING_VALIDATE_BUDGET=330 OUT=$OUT/val timeout 480 bash scripts/device-validate.sh smoke tiles partitions shapes formats > $OUT/val.log 2>&1
tail -30 $OUT/val.log
wait
grep -iE 'GATE|excluded|Not run' $OUT/hum.log | cut -c1-300 | head -20
grep -E '^[a-z0-9-]+ N=' $OUT/hum.log | cut -c1-200
