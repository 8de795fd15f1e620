#!/bin/bash
# Session bq, call 5 (an H100 or the H200), dist/ at 3e09ea81: the staged
# epilogue only where a thread holds 48+ accumulators (the 17..64-row
# tiles of the five shapes are main's PTX again, but 28672 x 4096's
# 8-bit 33..64 tile, 64 a thread), lane addresses from a fresh %tid.x.
# Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT", "dist/base", "peers"].
# 1. call1-layers.txt's reference check. Prediction: all pass.
# 2. new against base in one process (no peers): 8192^2 both cases at
#    M = 17 / 64 (the same kernels in both builds now: an A/A check of
#    the harness) and 96 / 128 / 256; 28672 x 4096 W8A16 at M = 33 / 64.
#    Prediction: M = 17 / 64 at 8192^2 within 0.1 us; 96..256 the new
#    build 1-3 % faster (call 2); 28672 x 4096 within +-1 %.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
nvidia-smi --query-gpu=name --format=csv,noheader
check_layers layers bench/results/h200/2026-12-06-session-bq/call1-layers.txt 90
base=$(unpack_runtime dist/base/humming-runtime.tar.xz /tmp/base-rt)
OUT=$OUT/ab timeout 150 bash bench/run.sh --cases w8a16-int8-channel,w4a16-int4-channel \
  --shapes 8192x8192 --ms 17,64,96,128,256 --reps 15 --sweeps 2 --no-graph --peers none \
  --library "base=$base" > "$OUT/ab.log" 2>&1
echo "ab rc $? $(date +%T)"
grep -E "^## |^\| (humming|impl)" "$OUT/ab.log"
OUT=$OUT/ab28 timeout 60 bash bench/run.sh --cases w8a16-int8-channel \
  --shapes 28672x4096 --ms 33,64 --reps 15 --sweeps 2 --no-graph --peers none \
  --library "base=$base" > "$OUT/ab28.log" 2>&1
echo "ab28 rc $? $(date +%T)"
grep -E "^## |^\| (humming|impl)" "$OUT/ab28.log"
gpu_clocks
bash scripts/bundle-out.sh
