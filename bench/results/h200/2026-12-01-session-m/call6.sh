#!/bin/bash
# Session m, call 6 (experiment runtime from branch exp/ablation): what each
# part of the M <= 16 kernels costs. HUMMING_EXP_ABLATE leaves out the
# iteration's compute ("compute"), the unit's end ("end"), both, or the
# refill copies ("copies": compute on stale stages); results are wrong by
# design, so the gate is bypassed (HUMMING_BENCH_TIME_FAILING=1). W4A16
# channel and W8A16 channel at 8192 x 8192, M = 1 and 16, each variant
# in its own run with its own kernel cache, all five twice in turn.
source scripts/runtime-env.sh
r() { tag=$1; x=$2; HUMMING_BENCH_TIME_FAILING=1 HUMMING_EXP_ABLATE=$x HUMMING_CACHE_DIR=/tmp/hc-$x OUT=$OUT/$tag timeout 80 bash bench/run.sh --reps 10 --sweeps 2 --no-graph --cases w4a16-int4-channel,w8a16-int8-channel --shapes 8192x8192 --ms 1,16 > $OUT/$tag.log 2>&1
  echo "== $tag (ablate: $x) rc $?"; grep -E "^## |^\| humming-mlir \|" $OUT/$tag.log; }
for i in 1 2; do
  for x in none compute end compute+end copies; do r $x-$i $x; done
done
bash scripts/bundle-out.sh
