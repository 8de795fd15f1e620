#!/bin/bash
# Session v, call 1 (23a31b7's runtime = main's kernels, carry ["dist",
# "peers"], about 5 min): where the time goes, hot against cold.
# The same harness, implementations and shapes twice in one call:
#   hot:  --flush none --placements 1 (each cell's calls back to back, no
#         eviction: the weights that fit in L2 stay there; the diagnostic
#         figure: the kernel without most of its DRAM stream);
#   cold: --flush write --placements 1 (ANCHORS.md's eviction, the same
#         single weight copy, so the pair differs only in the eviction).
# Shapes 8192^2, 4096^2, 4096 x 11008 (W8A16 8192^2's 67 MB does not fit in
# the 50 MB L2, so its "hot" figure is only partly hot).
# Prediction: M = 1..16 stream-bound: hot 40-60 % of cold (8192^2 W4A16
# channel M = 1: hot 5-7 us against 13.5 cold); M = 64 loop-bound: hot
# within 1-3 us of cold (8192^2 W4A16 channel 19-21 against 22.4).
source scripts/runtime-env.sh
[ -f peers/build.sh ] && bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"
ms=1,4,8,16,24,32,48,64
shapes=8192x8192,4096x4096,4096x11008
OUT=$OUT/hot timeout 280 bash bench/run.sh --flush none --placements 1 --no-graph \
  --shapes $shapes --ms $ms --reps 15 > $OUT/hot.log 2>&1; echo "hot rc $?"
OUT=$OUT/cold timeout 280 bash bench/run.sh --flush write --placements 1 --no-graph \
  --shapes $shapes --ms $ms --reps 15 > $OUT/cold.log 2>&1; echo "cold rc $?"
for f in hot cold; do echo "== $f"; grep -E "^\| (humming-mlir|marlin|cublas-fp16|impl) |^## " $OUT/$f.log | head -60; done
bash scripts/bundle-out.sh
