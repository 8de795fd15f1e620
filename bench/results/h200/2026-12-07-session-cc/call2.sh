#!/bin/bash
# Session cc's call after 222fc535 (name nvidia-h200, either card). Carry
# ["dist/humming-runtime.tar.xz", "dist/COMMIT", "dist/base", "peers"]:
# dist/ built at c60815d6 (222fc535's kernels; its sm_80+ kernels are the
# tip's before it, 71dd13b7's at sm_90a: scripts/ptx-compare.py, 11 of 11
# specs the same),
# dist/base/ at e6d175d0 (Turing's kernels before the change).
# - On an H200: session bw's next-call.sh (the final run at the tip with
#   both peers, then the 224-row A / B), its predictions there.
# - Elsewhere: Turing's cooperative loop double-buffered in registers
#   (222fc535: the refill's loads before the iteration's barrier, their
#   shared stores after its MMAs), through the driver's JIT on this GPU:
#   1. device-validate.sh's smoke, shapes and models tiers at sm_75 (every
#      range's ends, NaN-poisoned outputs against the reference), its JIT
#      runs, memcheck (two sm_75 layers) and the Python tests. Prediction:
#      all pass, as at e6d175d0 (section 147).
#   2. A / B of the sm_75 kernels, base (e6d175d0) against 222fc535, in one
#      process (bench/ab.sh, --spec-extra target=sm_75), W4A16 channel and
#      g128 and W8A16 at 4096^2 and 8192^2, M = 1 / 16 / 64 / 256.
#      Prediction: 1.3-2x faster at M = 1..16 (a stage's chunks in flight at
#      once, not one load's latency per chunk in turn, and under the MMAs),
#      1.5-3x at 64 / 256 (4-5 chunks a thread a stage). A proxy: a Turing
#      card's latency and bandwidth differ, so its gain there stays unmeasured.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
device_header
on_h200_exec bench/results/h200/2026-12-07-session-bw/next-call.sh
# DEADLINE (s, default 570) caps the call: the A / B gets its last 240.
DEADLINE=${DEADLINE:-570}
sm75_tiers $((DEADLINE - 240)) 0 smoke@sm_75 shapes@sm_75 models@sm_75
sm75_ab "$DEADLINE" w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel
gpu_clocks
bash scripts/bundle-out.sh
