#!/bin/bash
# Session bg, call 1: carry ["dist/humming-runtime.tar.xz", "dist/COMMIT",
# "dist/main"]; dist/ = ba5420e (branch exp/wide-4wg-groups), dist/main/ =
# 6440a4d (main's kernels). Both built by scripts/build-static.sh,
# git-ignored. bench/NOTES.md section 122.
# ba5420e: (a) the 128 x 256 tile as four warpgroups only with group scales
# (session bf's call1: 0.935-1.004x main on 4-bit g128; 1.03-1.09x slower
# on channel layers, which keep two warpgroups now); (b) 8-bit codes,
# channel and groups of 128+ in the B fragment, at 17..32 rows take the
# 4-CTA 128-column tile at N 50.7k-67.6k (session be's call4 hand entries
# on the H200: 3-5 % faster at 57344 x 8192).
# 1. Reference check of call1-layers.txt (the rule's 8-bit tables: int8,
#    uint8 with zero points, bf16 and bias, fp8 channel and g128) and
#    memcheck of its second line. Prediction: pass, clean.
# 2. A / B against 6440a4d: 4-bit g64 and 8-bit g128 at the four shapes of
#    session bf's call1, M = 128..4096 (the four-warpgroup tile's other
#    group layers); 4-bit g128 at 4096 x 11008 and 28672 x 4096; W8A16
#    channel and g128 at 57344 x 8192, M = 16..33 (the rule). Predictions:
#    g64 0.94-1.00 (its sums cost more per k-block than g128's); 8-bit g128
#    0.97-1.03; 4-bit g128 0.94-1.00; the rule's cells 0.95-0.97 and the
#    others 1.00. A range 3 % or more slower keeps the two-warpgroup tile
#    for that case.
set -u
LIMIT=${LIMIT:-560}
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
d=bench/results/h200/2026-12-05-session-bg
check_layers bytes4 $d/call1-layers.txt 100
MEMCHECK_TIMEOUT=60 memcheck_layers bytes4 $d/call1-layers.txt 2
OUT=$OUT/ab1 timeout 120 bash bench/ab.sh dist/main/humming-runtime.tar.xz 2 \
  --cases w8a16-int8-channel,w8a16-int8-g128 --shapes 57344x8192 --ms 16,17,24,32,33 \
  --reps 10 --sweeps 1 --no-graph --peers /nonexistent
echo "ab1 rc $? $(date +%T)"
python3 bench/ab_compare.py $OUT/ab1 --json $OUT/ab1-compare.json | tee $OUT/ab1-compare.md | tail -14
ab_limit=$((LIMIT - SECONDS - 100)); [ $ab_limit -gt 260 ] && ab_limit=260
OUT=$OUT/ab2 timeout $ab_limit bash bench/ab.sh dist/main/humming-runtime.tar.xz 2 \
  --cases w4a16-int4-g64,w8a16-int8-g128 \
  --shapes 8192x8192,11008x4096,4096x4096,2048x7168 --ms 128,193,256,512,1024,4096 \
  --reps 10 --sweeps 1 --no-graph --peers /nonexistent
echo "ab2 rc $? $(date +%T)"
python3 bench/ab_compare.py $OUT/ab2 --json $OUT/ab2-compare.json | tee $OUT/ab2-compare.md | tail -50
ab_limit=$((LIMIT - SECONDS - 15))
[ $ab_limit -gt 40 ] && OUT=$OUT/ab3 timeout $ab_limit bash bench/ab.sh dist/main/humming-runtime.tar.xz 2 \
  --cases w4a16-int4-g128 --shapes 4096x11008,28672x4096 --ms 128,193,256,512,1024,4096 \
  --reps 10 --sweeps 1 --no-graph --peers /nonexistent
echo "ab3 rc $? $(date +%T)"
python3 bench/ab_compare.py $OUT/ab3 --json $OUT/ab3-compare.json 2>&1 | tee $OUT/ab3-compare.md | tail -16
gpu_clocks
bash scripts/bundle-out.sh
