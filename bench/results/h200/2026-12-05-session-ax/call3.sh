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
# SUPERSEDED before it ran: session ay's call1.sh
# (../2026-12-05-session-ay/) runs this step on the build that the checks
# clear; run that one.
echo "superseded: run bench/results/h200/2026-12-05-session-ay/call1.sh" >&2
exit 2
