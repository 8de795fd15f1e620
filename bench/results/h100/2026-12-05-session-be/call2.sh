#!/bin/bash
# Session be, call 2 (carry ["dist", "peers"]; dist/ = f7a5d2a, main's tip:
# the same kernels and planner as e697bbb of call 1, plus a tidy-up with no
# plan change).
# 1. The final run at main's tip with Marlin in the same run (the issue's
#    five shapes, W4A16 channel / g128 and W8A16 channel, M = 1..128, two
#    sweeps of 20 calls). Prediction: every cell within the run-to-run
#    spread of the last final run (bench-2026-12-05-515af44: the planner
#    changes since then reach none of the five shapes).
# 2. The planner against Marlin at the 16 model widths of
#    scripts/plan-balance.py (W4A16 channel; Marlin's g128 kernel dies on
#    this image), M = 1 / 8 / 16 / 32 / 64, one sweep of 15 calls, cuBLAS
#    in the same run. Prediction: faster than Marlin in every cell; the
#    closest 14336 x 4096 at M = 32 (1.01x on the H200 at 87f2103, 1.22x
#    on an H100 since 3cbce3e: here 1.1-1.25x).
set -u
LIMIT=${LIMIT:-575}
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
ls peers/marlin_cuda*.so > /dev/null 2>&1 || { bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"; }
date +%T
OUT=$OUT/full timeout 240 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; tail -3 $OUT/full.log
gpu_clocks
date +%T
OUT=$OUT/models timeout $((LIMIT - SECONDS - 20)) bash bench/run.sh \
  --cases w4a16-int4-channel \
  --shapes 6144x4096,12288x4096,14336x4096,22016x4096,4096x14336,5120x5120,13824x5120,5120x13824,3584x18944,18944x3584,37888x3584,4608x3584,2048x7168,10240x8192,57344x8192,8192x28672 \
  --ms 1,8,16,32,64 --reps 15 --sweeps 1 --no-graph > $OUT/models.log 2>&1
echo "models rc $?"; grep -E "^## |^\| (humming-mlir|marlin|cublas-fp16) " $OUT/models.log
gpu_clocks
bash scripts/bundle-out.sh
