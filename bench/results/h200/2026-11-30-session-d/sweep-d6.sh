#!/bin/bash
# Session d, call 6: the final benchmark, M = 32 / 64 variants for the
# notes (Marlin only beside them), and the GPU suite's smoke and shapes tiers.
source scripts/runtime-env.sh
timeout 300 bash bench/run.sh --ms 1,4,16,32,64 --reps 20 > $OUT/bench.log 2>&1
grep -E 'JIT' $OUT/bench.log | cut -c1-250; grep -B2 -A12 '^| impl' $OUT/bench.log | grep -E '^## |humming-mlir \||marlin \|' | head -40
mv peers/humming-src peers/.humming-src
R=65-:128x128x64:2x2x1:s4:k1
for S in 1:1:28672x4096 4:2:8192x8192; do w=${S%%:*}; rest=${S#*:}; k=${rest%%:*}; sh=${rest#*:}
  OUT=$OUT/var-$sh timeout 100 bash bench/run.sh --cases w4a16-int4-channel --shapes $sh --ms 32,64 --reps 12 --no-graph \
    --variant s8=dispatch=1-32:32x256x64:1x8x1:s8:k$w,33-64:64x256x64:1x8x1:s8:k$w,$R \
    --variant n128=dispatch=1-32:32x128x64:1x4x1:s8:k$k,33-64:64x128x64:1x4x2:s6:k$k,$R \
    --variant w4=dispatch=1-32:32x128x64:1x4x2:s8:k$k,33-64:64x128x64:1x4x1:s8:k$k,$R > $OUT/var-$sh.log 2>&1
  echo "== $sh"; grep -A8 '^| impl' $OUT/var-$sh.log | head -8
done
mv peers/.humming-src peers/humming-src
HUMMING_VALIDATE_BUDGET=200 OUT=$OUT/val timeout 260 bash scripts/device-validate.sh smoke shapes > $OUT/val.log 2>&1
tail -12 $OUT/val.log
