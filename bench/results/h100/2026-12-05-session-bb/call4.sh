#!/bin/bash
# Session bb's fourth device call (carry ["dist", "peers"]): 3cbce3e's
# planner rule (the 3-CTA warpgroup tile of 64 columns unsplit where its
# tiles fill more than half of 3 x the SMs, 17..64 rows). dist/: 3cbce3e;
# dist/prev/: 361c57e (before it).
# 1. humming-run's reference check of call4-layers.txt (the new kernels
#    at 14336 x 4096, 18944 x 3584, 13824 x 5120 and an odd 14344 x 4104;
#    g64 with zero points and bf16, int8 with bias, int8 g128); memcheck on
#    lines 2 and 4. Prediction: all pass.
# 2. A / B against dist/prev, 2 rounds, M = 17 / 32 / 48 / 64: W4A16
#    channel, g128, g64, W8A16 channel and g128 at 14336 x 4096 and 18944 x
#    3584. Prediction (call 3's hand entries): channel 1.5-2.5 us faster at
#    17..32 at 14336, 4 at 18944; 0.6-4 at 33..64; g64 and W8A16 g128
#    (measured nowhere) 1-3 faster.
# 3. The planner against Marlin (peers/, built here) at 14336 x 4096,
#    18944 x 3584, 13824 x 5120, W4A16 channel, M = 16 / 32 / 48 / 64.
#    Prediction: 14336 x 4096 at 32 1.15x Marlin (1.01x before, call 2 of
#    session ba), faster in every cell.
set -u
LIMIT=${LIMIT:-575}
source bench/variants.sh
source scripts/runtime-env.sh
d=bench/results/h100/2026-12-05-session-bb
gpu_clocks
ls peers/marlin_cuda*.so > /dev/null 2>&1 || { bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"; } &
check_layers layers $d/call4-layers.txt 150; check_rc=$?
memcheck_layers layers $d/call4-layers.txt 2 4
wait
date +%T
if [ $check_rc -eq 0 ]; then
  OUT=$OUT/ab timeout $((LIMIT - SECONDS - 130)) bash bench/ab.sh dist/prev/humming-runtime.tar.xz 2 \
    --cases w4a16-int4-channel,w4a16-int4-g128,w4a16-int4-g64,w8a16-int8-channel,w8a16-int8-g128 \
    --shapes 14336x4096,18944x3584 --ms 17,32,48,64 \
    --reps 15 --sweeps 1 --no-graph --peers /nonexistent
  echo "ab rc $? $(date +%T)"
  OUT=$OUT/marlin timeout $((LIMIT - SECONDS - 15)) bash bench/run.sh \
    --cases w4a16-int4-channel --shapes 14336x4096,18944x3584,13824x5120 \
    --ms 16,32,48,64 --reps 15 --sweeps 1 --no-graph > $OUT/marlin.log 2>&1
  echo "marlin rc $?"; grep -E "^## |^\| (humming-mlir|marlin|cublas-fp16|floor|speedup)" $OUT/marlin.log
fi
gpu_clocks
bash scripts/bundle-out.sh
