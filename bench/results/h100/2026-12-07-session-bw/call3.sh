#!/bin/bash
# Session bw's third call. Carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT", "peers"]; dist/ from main.
# On an H200: the final run with both peers at the tip (prediction: the
# cells as at 688a51e6 within the spread).
# Elsewhere (an H100): fp4 (e2m1) codes, never timed before, against int4
# at the same group size (g32) and the same tables (the planner does not
# tell the codes apart):
# 1. the benchmark's method, cuBLAS beside, at M = 1 / 16 / 64 / 128 / 256,
#    8192^2 and 28672 x 4096. Prediction: fp4 within 3 % of int4 at M <= 16
#    (memory-bound: same bytes), up to 10 % slower at 128 / 256 (the e2m1
#    decode is more ALU work than int4's, and those tiles are loop-bound).
# 2. fp4 g32 at M = 64 / 128 / 256 / 512: the planner's four-warpgroup
#    128 x 256 `:bf` entries against two warpgroups of two (`1x2x1`, scales
#    in the decode). Prediction: within 5 % (measured 0-6 % apart for int4
#    groups, README).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
device_header
if ! final_run_on_h200 $((${DEADLINE:-575} - 20 - SECONDS)); then
  OUT=$OUT/fp4 timeout 300 bash bench/run.sh --cases w4a16-fp4-g32,w4a16-int4-g32 \
    --shapes 8192x8192,28672x4096 --ms 1,16,64,128,256 --reps 15 --sweeps 2 \
    --no-graph --peers /nonexistent > "$OUT/fp4.log" 2>&1
  echo "fp4 rc $?"; grep -E "^## |^\| (humming-mlir|cublas-fp16|impl) " "$OUT/fp4.log"
  for s in 28672x4096 8192x8192; do
    left=$((${DEADLINE:-575} - SECONDS))
    [ $left -gt 60 ] || { echo "deadline: $s not run"; continue; }
    t=$(plan_table "n=${s%x*} k=${s#*x} $(case_spec w4a16-fp4-g32) target=h200") || continue
    b=$(sed 's/1x4x1:s6:\(kc2\|k1\):wg:bf/1x2x1:s6:\1:wg/g' <<< "$t")
    echo "== $s two-of-two $b"
    VARIANT_MS=64,128,256,512 VARIANT_TIMEOUT=$((left < 120 ? left : 120)) \
      variants "fp4-2wg-$s" w4a16-fp4-g32 "$s" "wg2=dispatch=$b"
  done
fi
gpu_clocks
bash scripts/bundle-out.sh
