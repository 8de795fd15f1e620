#!/bin/bash
# Session ae, call 1 (c8e416b's runtime, carry ["dist"]).
# 1. bench/gemv_probe.cu (bench/NOTES.md section 72): 4-bit codes streamed
#    straight into registers by warps with no CTA barrier in the loop, the
#    swapped mma.sync, 1..8 rows; gated against the fp32 reference, timed
#    beside our kernel in the same process. Prediction: its no-math stream
#    reads 33.5 MB in 11-12.5 us (section 35's 16-byte-load reader: 12.0 at
#    256 CTAs, 4 loads in flight, 8 warps per SM; here 16-32 warps per SM
#    with 4-8 chunks in flight); the GEMM within 0.5 us of its stream at
#    M = 1 (the decode is ~9 instructions per k16 step per warp, no barrier
#    to wait on), so 11.5-13 us at 8192^2 M = 1 against our 13.0.
# 2. Session ad's call6.sh (96-row tile at 65..96, 224-row at 193..224),
#    its predictions in its header.
set -u
source scripts/runtime-env.sh
nvcc -O3 -arch=sm_90a -shared -Xcompiler -fPIC -Xptxas -v -o /tmp/gemv_probe.so \
  bench/gemv_probe.cu > $OUT/gemv-build.log 2>&1 || { cat $OUT/gemv-build.log; exit 1; }
timeout 300 python3 bench/gemv_probe.py --lib /tmp/gemv_probe.so --out $OUT/gemv \
  > $OUT/gemv.log 2>&1
echo "gemv rc $?"
cat $OUT/gemv.log | head -250
mkdir -p $OUT/ad-call6
OUT=$OUT/ad-call6 bash -c 'sed "/bundle-out/d" bench/results/h200/2026-12-02-session-ad/call6.sh | bash'
bash scripts/bundle-out.sh
