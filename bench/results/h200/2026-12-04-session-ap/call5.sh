#!/bin/bash
# Session ap, call 5 (carry ["dist", "peers"]; dist = main at d6310ae: the
# copies of an iteration's k-blocks share their addresses, immediate
# offsets where K is whole k-blocks (section 93); dist/base = 0b5675b).
# Call 4's ncu (0b5675b, channel pair M = 64): 11 % of the loop's stall
# samples sat on the copies' address arithmetic (long scoreboard on
# registers the previous copies still read); SASS of the change: the
# channel pair's loop 675 -> 584 instructions an iteration, g128's 436 ->
# 403, registers down 2 on average over the planner's kernels at the five
# shapes, no new spill; scripts/wgmma-hazards.py clean.
# 1. A / B, base new base new, the cells of calls 1-2. Prediction: 8192^2
#    M = 48 / 64 0.3-0.8 us faster (channel and g128 pairs), 4096 x 11008
#    0.2-0.6 (b0bd536 gained there with fewer cuts), M = 128 0-0.4, none
#    slower beyond 0.2.
# 2. Correctness: the wgmma and shapes tiers (every staged kernel copies
#    through the new addresses; the shapes tier has K tails).
# 3. The final run (Marlin rebuilt beside).
set -u
source scripts/runtime-env.sh
date +%T
timeout 200 bash bench/ab.sh dist/base/humming-runtime.tar.xz 2 \
  --shapes 8192x8192,4096x11008 --ms 24,48,64,128 --reps 15 --sweeps 2 \
  --no-graph --peers /nonexistent
date +%T
bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=165 HUMMING_VALIDATE_ONLY=1 timeout 185 bash scripts/device-validate.sh wgmma shapes > $OUT/val.log 2>&1
echo "validate rc $?"; tail -2 $OUT/val.log
date +%T
OUT=$OUT/full timeout 125 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; tail -3 $OUT/full.log
date +%T
bash scripts/bundle-out.sh
