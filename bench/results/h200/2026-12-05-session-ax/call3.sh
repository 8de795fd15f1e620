#!/bin/bash
# NOT RUN: session ax had no device. Run it after session aw's call1.sh and
# this folder's call2.sh (carry ["dist"]). To build: `git am` zero-absent.patch
# (beside this file; branch exp/zero-absent, e2b7fc4 and d8b8fb5) on main,
# scripts/build-static.sh, and move dist/humming-runtime.tar.xz and
# dist/COMMIT into dist/exp-zero-absent/; dist/base/ holds main's build (as
# for call1.sh). If the checks pass and the A / B is not slower, merge the
# branch (NOTES section 109 then gets its measurement).
# The change: a cooperative wgmma kernel whose units are not whole loop
# iterations computes the last iteration's absent k-blocks on stages it
# zeroed (generic stores where their copies would have gone) instead of
# predicating their MMAs, which ptxas branches around with warpgroup arrives
# on every iteration (C7519). Locally: every planner kernel with C7519 at
# 4096 x 11008 (channel, int8), 5120^2, 3584 x 18944, 2048 x 7168 and 8192 x
# 6272 g128 loses them (arrives an iteration down to the whole-iteration
# kernels' count: 4096 x 11008 channel 9 / 21 / 13 / 13 -> 4 / 16 / 8 / 8 at
# 17 / 33 / 65 / 97 rows), registers within 5, no wgmma hazards
# (scripts/wgmma-hazards.py); scripts/ptx-compare.py: the 11 built-in specs
# (the five benchmark shapes but 4096 x 11008 channel / int8, whose units
# are whole) keep their PTX byte for byte.
# 1. humming-run's reference check of call3-layers.txt (every layer has
#    changed kernels: odd M, int8 + bias, bf16, g128 sums in runs of 2 with a
#    partial last iteration, integer zero points, a 3-split and a stream-K
#    wgmma hand table at K = 4160), memcheck on two. Prediction: all pass.
# 2. A / B against main, 2 rounds: 4096 x 11008 channel and int8, 5120^2
#    channel, M = 17 / 32 / 48 / 64 / 96 / 128. Prediction (section 104's g128
#    gain at the same shape, 1.0 us at M = 48 / 64 when its arrives went):
#    4096 x 11008 0.5-1.0 us faster at 48 / 64, 0.0-0.3 at 17 / 32, 0.2-0.5
#    at 96 / 128; 5120^2 0.3-1.0 at 17..128.
# 3. The suite's wgmma tier on the branch. Prediction: passes.
set -u
source bench/variants.sh
base_lib=$(unpack_runtime dist/base/humming-runtime.tar.xz /tmp/base-rt)
zero_lib=$(unpack_runtime dist/exp-zero-absent/humming-runtime.tar.xz /tmp/zero-rt)
export HUMMING_LIBRARY=$zero_lib HUMMING_COMMIT=$(cat dist/exp-zero-absent/COMMIT)
source scripts/runtime-env.sh
d=bench/results/h200/2026-12-05-session-ax
date +%T; nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
check_layers layers $d/call3-layers.txt 150; check_rc=$?
memcheck_layers layers $d/call3-layers.txt 1 9
date +%T
if [ $check_rc -eq 0 ]; then
  RUNTIME_VARIANT_TIMEOUT=75
  for round in 1 2; do
    for s in 4096x11008 5120x5120; do
      c=w4a16-int4-channel; [ $s = 4096x11008 ] && c=w4a16-int4-channel,w8a16-int8-channel
      [ $SECONDS -lt 400 ] || { echo "skipped $s r$round: time guard"; continue; }
      runtime_variant base-$s-r$round $base_lib $(cat dist/base/COMMIT) -- --cases $c \
        --shapes $s --ms 17,32,48,64,96,128 --reps 15 --sweeps 2 --no-graph --peers /nonexistent
      runtime_variant zero-$s-r$round $zero_lib $(cat dist/exp-zero-absent/COMMIT) -- --cases $c \
        --shapes $s --ms 17,32,48,64,96,128 --reps 15 --sweeps 2 --no-graph --peers /nonexistent
    done
  done
fi
date +%T
left=$((570 - SECONDS)); [ $left -gt 150 ] && left=150
[ $left -gt 60 ] && OUT=$OUT/val HUMMING_VALIDATE_BUDGET=$((left - 30)) HUMMING_VALIDATE_ONLY=1 timeout $left \
  bash scripts/device-validate.sh wgmma > $OUT/val.log 2>&1
echo "validate rc $?"; tail -4 $OUT/val.log 2>/dev/null
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
date +%T
bash scripts/bundle-out.sh
