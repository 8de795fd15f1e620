#!/bin/bash
# Session cd's first call (either card). Carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT", "dist/base"]: dist/ built at the tip (e7d73bb0: Turing's
# stages double-buffered in registers, section 148), dist/base/ at e6d175d0
# (Turing's kernels before that change). Turing's kernels have run on no GPU
# since the change, so their correctness comes first, on whichever card:
# 1. device-validate.sh's smoke, turing, shapes and models tiers at sm_75
#    through the driver's PTX JIT (every range's ends, NaN-poisoned outputs
#    against the reference; turing: 97 layers of hand tables with 3-4
#    stages, two k-blocks an iteration, K splits and stream-K, which the
#    planner's tables do not reach), its JIT runs, memcheck of two sm_75
#    layers and the Python tests. Prediction: all pass, as the planner tiers
#    did at e6d175d0 (section 147).
# 2. A / B of the sm_75 kernels, base against the tip, one process
#    (bench/ab.sh, --spec-extra target=sm_75: the T4's tables at 40 SMs),
#    W4A16 channel and g128 and W8A16 at 4096^2 and 8192^2, M = 1 / 16 /
#    64 / 256. Prediction (section 148): 1.3-2x faster at M = 1..16,
#    1.5-3x at 64 / 256. A proxy: a Turing card's latency and bandwidth
#    differ.
# DEADLINE (s, default 570) caps the call: the A / B gets its last 240.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
device_header
DEADLINE=${DEADLINE:-570}
sm75_tiers $((DEADLINE - 240)) 0 smoke@sm_75 turing@sm_75 shapes@sm_75 models@sm_75
sm75_ab "$DEADLINE" w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel
gpu_clocks
bash scripts/bundle-out.sh
