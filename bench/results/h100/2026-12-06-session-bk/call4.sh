#!/bin/bash
# Session bk, call 4 (carry ["dist/humming-runtime.tar.xz", "dist/COMMIT"]):
# the four-warpgroup 128 x 256 tiles under sustained load (bench/sustained.py:
# calls back to back in 2 s blocks, implementations alternating in one
# process, SM clock and power polled). Call 1's separate-process A / B saw
# an unchanged kernel 6 % slower in the runs of the build whose 257+ kernel
# is four warpgroups, and cuBLAS's M = 4096 cell 5 % slower there, with
# the H100 at 1440 MHz after the runs: does the four-warpgroup loop (1.4x
# the instructions of two, section 125) draw more power per call and so
# lose clock under the power limit?
# Prediction: both at the power limit (about 700 W on the H100 SXM) at
# M = 4096; four warpgroups 0-5 % slower sustained at 8192^2 and a lower
# SM clock if the instruction count costs power; at M = 1024 (a 2-wave
# grid, memory-bound per wave) within 2 %.
set -u
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
S8="n=8192 k=8192 $(case_spec w8a16-int8-channel) target=h200"
S4="n=8192 k=8192 $(case_spec w4a16-int4-channel) target=h200"
two8=$(plan_table "$S8" "257-:128x256x64:1x2x1:s6:k1:wg")
two4=$(plan_table "$S4" "193-256:128x256x64:1x2x1:s6:kc2:wg" "257-:128x256x64:1x2x1:s6:k1:wg")
timeout 200 python3 bench/sustained.py --out $OUT/w8 --case w8a16-int8-channel --shape 8192x8192 \
  --ms 4096,1024 --variant "two=dispatch=$two8" --cublas > $OUT/w8.log 2>&1
echo "w8 rc $?"; tail -12 $OUT/w8.log
timeout 150 python3 bench/sustained.py --out $OUT/w4 --case w4a16-int4-channel --shape 8192x8192 \
  --ms 4096 --variant "two=dispatch=$two4" --cublas > $OUT/w4.log 2>&1
echo "w4 rc $?"; tail -8 $OUT/w4.log
gpu_clocks
bash scripts/bundle-out.sh
