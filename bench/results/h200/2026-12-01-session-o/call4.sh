#!/bin/bash
# Session o, call 4 (a14512b's runtime: 1..8 rows on the swapped copy of
# their mma.sync tile): the full benchmark with Marlin (built first from the
# git-ignored peers/ folder, never committed) in the same run, the one-run
# result of this session. (Call 3 ran the correctness suite on it.)
# Then 9..16 rows as two 8-row swapped M tiles (the weights read twice, the
# second time mostly from L2) beside the planner's 16-row tile, and ncu's
# per-SASS samples of the swapped M = 1 kernel.
[ -f peers/build.sh ] && { time bash peers/build.sh; } > $OUT/marlin-build.log 2>&1; tail -1 $OUT/marlin-build.log
source scripts/runtime-env.sh
OUT=$OUT/full timeout 400 bash bench/run.sh --ms 1,4,8,16,32,64 --reps 20 > $OUT/full.log 2>&1
echo "bench rc $?"; grep -iE "not run|gate" $OUT/full.log | head -5; grep -E "^\||^## |^JIT" $OUT/full.log | grep -E "^## |humming-mlir \||marlin \||cublas-fp16 \||^JIT"
T="17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x128x64:1x2x1:s16:k2:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1"
OUT=$OUT/two8 timeout 90 bash bench/run.sh --cases w4a16-int4-channel,w4a16-int4-g128 --shapes 8192x8192 --ms 9,12,16 --reps 15 --sweeps 2 --no-graph \
  --variant "sw2k2=dispatch=1-8:8x128x64:1x4x1:s8:k4:c2:sw,9-16:8x128x64:1x4x1:s8:k2:c2:sw,$T" \
  --variant "sw2k1=dispatch=1-8:8x128x64:1x4x1:s8:k4:c2:sw,9-16:8x256x64:1x8x1:s8:k2:sw,$T" > $OUT/two8.log 2>&1
echo "two8 rc $?"; grep -E "^## |^\| (humming-mlir|impl)" $OUT/two8.log; grep -iE "gate|error" $OUT/two8.log | head -3
HUMMING_PROFILE_SOURCE=1 timeout 120 bash bench/profile.sh "n=8192 k=8192 weight=uint4 scale=channel target=h200" 1 > $OUT/profile.log 2>&1
echo "profile rc $?"; tail -5 $OUT/profile.log
bash scripts/bundle-out.sh
