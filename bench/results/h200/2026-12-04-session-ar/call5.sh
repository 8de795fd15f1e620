#!/bin/bash
# Session ar, call 5 (carry ["dist", "peers"]; dist = 53e8576: main with
# the 17..32-row pairs of call 4 in the planner).
# 1. Correctness of the new tables: the 8192^2 17..32 pairs of every
#    affected format (channel, g128, int8 + bias, uint4 g64 integer zero
#    points bf16; N = 7936 g128), memcheck on two.
# 2. g64 at 8192^2 17..32 (its table changed too, not measured in call 4):
#    the planner's pair against the former workspace split. Prediction:
#    the pair 0.3-0.8 faster (as g128's 0.3-0.7).
# 3. The final run, Marlin in the same run. Prediction: M = 32 at 8192^2
#    0.5-1.1 faster than call 3's (channel 17.3 -> 16.2-16.6, g128 17.6 ->
#    16.9-17.2, W8A16 23.8 -> 22.6-23.0); every other cell within its
#    run-to-run spread of call 3.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
date +%T
d=bench/results/h200/2026-12-04-session-ar
timeout 120 bash scripts/check-layers.sh < $d/call5-layers.txt > $OUT/layers.txt 2>&1
echo "check rc $?"; tail -1 $OUT/layers.txt
sed -n 1,2p $d/call5-layers.txt | sed 's/^[0-9,]*/17,32/' | timeout 60 bash scripts/memcheck-layers.sh > $OUT/sanitizer.txt 2>&1
echo "memcheck rc $?"; tail -1 $OUT/sanitizer.txt
date +%T
VARIANT_MS=17,24,32 VARIANT_TIMEOUT=60
entry_variants g64 w4a16-int4-g64 8192x8192 "split=17-32:32x128x64:1x2x1:s16:k2:wg"
date +%T
bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"
OUT=$OUT/full timeout 150 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; tail -3 $OUT/full.log
date +%T
bash scripts/bundle-out.sh
