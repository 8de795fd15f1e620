#!/bin/bash
# Session bo, call 2: the warp-specialized wgmma kernels (`:ws`) with the
# roles' register budgets (setmaxnreg: producer 40, math warpgroups 232 at
# 384 threads, instead of 168 for all) and stream-K over them, at the
# 65..128-row cells where Humming led in call 1 (11008 x 4096 channel M =
# 80 / 128 by 6 %, g128 M = 128 by 7 %; 4096^2 g128 M = 80 1 %; 28672 x
# 4096 g128 M = 128 3 %). Humming's kernels there: 80 x 256 / 128 x 256
# blocks, stream-K over every SM, a producer warpgroup (TMA), 4 stages.
# Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT"] (a build of the
# working tree with the setmaxnreg change; the planner's kernels unchanged).
# Predictions:
#  - skws (96 x 128 / 128 x 128 stream-K, producer running ahead across a
#    CTA's 2-3 segments, no spills) at 11008 x 4096: M = 80 5-15 % faster
#    than the planner's 86 unsplit CTAs (24.7 us), M = 128 0-10 % faster
#    than 128 x 256 k3 (29.0); the cooperative stream-K (sk, 30.8 in
#    session bn) 15-25 % slower than skws: the refill bubble per segment is
#    what skws removes.
#  - ws with the planner's decomposition: within 3 % of the planner (the
#    loop is decode-bound; section 20).
#  - 128 x 256 ws (spills in the loop at 232 registers): slower.
#  - 4096^2 and 8192^2: skws within 5 % of the planner either way (their
#    planner tables already fill the SMs with splits).
# Then a reference check of the new kernels at odd M (the first four of
# call2-layers.txt: those without the 128 x 256 tile) and memcheck of one.
# (Trimmed after the device tool's failed starts left 800 s.)
set -u
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
export VARIANT_REPS=10 VARIANT_SWEEPS=2 VARIANT_TIMEOUT=100
L=bench/results/h100/2026-12-06-session-bo/call2-layers.txt
VARIANT_MS=80,96 entry_variants c11008a w4a16-int4-channel 11008x4096 \
  "skws=65-96:96x128x64:1x2x1:s8:sk:ws" \
  "ws=65-96:96x128x64:1x2x1:s8:k1:ws" \
  "sk=65-96:96x128x64:1x2x1:s8:sk:wg"
VARIANT_MS=100,128 entry_variants c11008b w4a16-int4-channel 11008x4096 \
  "skws=97-128:128x128x64:1x2x1:s8:sk:ws" \
  "skws256=97-128:128x256x64:1x2x1:s4:sk:ws"
V="skws=65-96:96x128x64:1x2x1:s8:sk:ws 97-128:128x128x64:1x2x1:s8:sk:ws"
VARIANT_MS=80,128 entry_variants g11008 w4a16-int4-g128 11008x4096 "$V"
VARIANT_MS=80,128 entry_variants g4096 w4a16-int4-g128 4096x4096 "$V"
VARIANT_MS=80,128 entry_variants g28672 w4a16-int4-g128 28672x4096 "$V"
VARIANT_MS=80,128 entry_variants c8192 w4a16-int4-channel 8192x8192 "$V"
head -4 "$L" > /tmp/call2-layers.txt
check_layers ws /tmp/call2-layers.txt 90
MEMCHECK_TIMEOUT=60 memcheck_layers ws "$L" 1
gpu_clocks
bash scripts/bundle-out.sh
