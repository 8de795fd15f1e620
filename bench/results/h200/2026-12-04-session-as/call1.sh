#!/bin/bash
# Session as, call 1 (carry ["dist", "peers"]; dist = 5bc2fe0, main's tip:
# session ar's review mend, whose only kernel change is in mma.sync cluster
# kernels with warps along K: the threads that push no sums skip the wait
# for the other CTAs' free stages. Not yet run on a GPU.)
# 1. Correctness of 5bc2fe0's changed kernels: mma.sync K splits as one
#    cluster with 2 / 4 warps along K (2, 3, 4 splits; swapped and not;
#    int4 / uint4 g128 integer zero points bf16 / int8 + bias / int4 g64;
#    K = 4104 tail, odd M) through humming-run's reference check; the
#    suite's tiles and swapped tiers (their cluster tables among them);
#    memcheck on two of the layers.
# 2. The final run at 5bc2fe0, Marlin in the same run. Prediction: every
#    cell within its run-to-run spread of 53e8576's run (the kernels of the
#    benchmark's tables are byte-identical or not on its path).
# 3. int8 8192^2 M = 1..8: the lane queue on 32-column blocks at 2 CTAs per
#    SM (256 CTAs, the planner's 9..16 form) against the planner's 64-column
#    blocks at one CTA per SM (128 CTAs, 4 SMs idle). Evidence: the staged
#    reader of the same 67 MB is 0.47 us faster at 256 CTAs than at 128
#    (section 35: 20.06 / 20.53). Prediction: 0.0-0.4 us faster at M = 1..8,
#    3 rounds; 4 rounds within 0.2 of 3.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
date +%T
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
d=bench/results/h200/2026-12-04-session-as
timeout 150 bash scripts/check-layers.sh < $d/call1-layers.txt > $OUT/layers.txt 2>&1
echo "check rc $?"; tail -1 $OUT/layers.txt
sed -n 1,2p $d/call1-layers.txt | timeout 90 bash scripts/memcheck-layers.sh > $OUT/sanitizer.txt 2>&1
echo "memcheck rc $?"; tail -1 $OUT/sanitizer.txt
date +%T
bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"
date +%T
OUT=$OUT/full timeout 150 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; tail -3 $OUT/full.log
date +%T
VARIANT_MS=1,4,8 VARIANT_TIMEOUT=70
entry_variants int8q w8a16-int8-channel 8192x8192 \
  "q32c2=1-8:8x32x64:1x1x8:s3:k1:c2:rq" "q32c2s4=1-8:8x32x64:1x1x8:s4:k1:c2:rq"
date +%T
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=60 HUMMING_VALIDATE_ONLY=1 timeout 90 \
  bash scripts/device-validate.sh tiles swapped > $OUT/val.log 2>&1
echo "validate rc $?"; tail -12 $OUT/val.log
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
date +%T
bash scripts/bundle-out.sh
