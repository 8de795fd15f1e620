#!/bin/bash
# Session bp, call 3 (an H100 or the H200), dist/ at the change that puts
# call 2's 65..96-row tile in the planner (96 x 128 at two CTAs per SM in 3
# workspace splits where that fills every SM's two slots in one wave;
# 11008 x 4096 and 8960 x 4096 4-bit channel layers). Carry
# ["dist/humming-runtime.tar.xz", "dist/COMMIT", "peers"].
# 1. humming-run's reference check of the planner's tables on the layers
#    of call3-layers.txt (f16 and bf16 with bias, int4 and uint4 with zero
#    points, odd M), then compute-sanitizer memcheck on two of them.
#    Prediction: all pass, memcheck clean (call 2's gate passed at M = 80
#    / 96 on random data).
# 2. The benchmark at 11008 x 4096 channel with Humming, M = 65 / 80 / 96
#    (the planner's table is now call 2's c2k3). Prediction: as call 2,
#    22.5-23.5 / 23.5-24.5 at M = 80 / 96, ahead of Humming.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
L=bench/results/h200/2026-12-06-session-bp/call3-layers.txt
check_layers planner "$L" 150
MEMCHECK_TIMEOUT=120 memcheck_layers planner "$L" 1 4
[ -d peers/humming-cache ] || tar -C peers -xJf peers/humming-cache.tar.xz
OUT=$OUT/c11008 timeout 150 bash bench/run.sh --cases w4a16-int4-channel \
  --shapes 11008x4096 --ms 65,80,96 --reps 15 --sweeps 2 --no-graph --peers peers \
  > "$OUT/c11008.log" 2>&1
echo "c11008 rc $? $(date +%T)"
grep -E "^\| (humming|impl|speedup)" "$OUT/c11008.log"
grep -iE "gate|excluded" "$OUT/c11008.log" | head -3
gpu_clocks
bash scripts/bundle-out.sh
