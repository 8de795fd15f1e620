#!/bin/bash
# Session y, call 7 (carry ["dist"]: dist/ is dec3150's runtime, dist/base/
# 34d0c41's, whose kernels are 23a31b7's; about 4 min).
# The half-apart layout gives whole-tile mma.sync warps two 8-byte code loads
# (and two scale loads) where they had one 16-byte load; call 5 found 28672 x
# 4096 g128 at M <= 16 (whole-tile warps) 0.3-0.8 us slower. The M >= 65
# kernels (128 x 128 of 2 x 2 warps) take whole tiles too and were not in the
# final run. A / B of the two runtimes at M = 128 / 1024 (8192^2, three
# cases) and 28672 x 4096 g128 at M = 1 / 16, then that layer with 8
# half-tile warps (8 x 256 / 16 x 256 of 1 x 8 x 1) as a variant.
# Prediction: M = 128 / 1024 within 1 % (the extra LDS is 1 of ~40
# instructions per k16 step and the loop is MMA-bound); 28672 g128 0.3-0.8
# slower again; its half-tile variant 0-0.5 faster than the planner.
source scripts/runtime-env.sh
OUT=$OUT/ab timeout 200 bash bench/ab.sh dist/base/humming-runtime.tar.xz 2 --shapes 8192x8192 --ms 128,1024 --reps 10 --sweeps 2 --no-graph --peers /nonexistent > $OUT/ab.log 2>&1
echo "ab rc $?"; cat $OUT/ab.log | grep -E "rc|^\| (humming-mlir|impl)|^## |gate|error" | head -60
s="n=28672 k=4096 weight=int4 scale=group group_size=128 target=h200"
OUT=$OUT/g128 timeout 80 bash bench/run.sh --cases w4a16-int4-g128 --shapes 28672x4096 --ms 1,8,16 --reps 15 --sweeps 2 --no-graph --peers /nonexistent \
  --variant "half=dispatch=$(bench/plan-table.sh "$s" 1-8:8x256x64:1x8x1:s8:k1:sw 9-16:16x256x64:1x8x1:s8:k1)" > $OUT/g128.log 2>&1
echo "g128 rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/g128.log; grep -iE "gate|error|fail" $OUT/g128.log | head -3
bash scripts/bundle-out.sh
