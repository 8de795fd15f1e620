#!/bin/bash
# Session bk, call 11 (carry ["dist/humming-runtime.tar.xz", "dist/COMMIT",
# "dist/base"]): after the review mend that made bench/sustained.py reuse
# gemm_bench.py's options, makers and gate, both scripts once more with a
# --variant and a --library (a smoke run of the tooling, not a measurement).
set -u
source bench/variants.sh
source scripts/runtime-env.sh
base=$(unpack_runtime dist/base/humming-runtime.tar.xz /tmp/base-rt)
S="n=8192 k=8192 $(case_spec w8a16-int8-channel) target=h200"
two=$(plan_table "$S" "257-:128x256x64:1x2x1:s6:k1:wg")
OUT=$OUT/bench timeout 150 bash bench/run.sh --cases w8a16-int8-channel --shapes 8192x8192 \
  --ms 1,300 --reps 5 --sweeps 1 --no-graph --peers /nonexistent \
  --variant "two=dispatch=$two" --library base=$base > $OUT/bench.log 2>&1
echo "bench rc $?"; grep -E "^\| (humming-mlir|impl)|GATE" $OUT/bench.log
timeout 120 python3 bench/sustained.py --out $OUT/sustained --case w8a16-int8-channel \
  --shape 8192x8192 --ms 300 --variant "two=dispatch=$two" --library base=$base \
  --seconds 1 --rounds 2 > $OUT/sustained.log 2>&1
echo "sustained rc $?"; tail -6 $OUT/sustained.log
bash scripts/bundle-out.sh
