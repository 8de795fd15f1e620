#!/bin/bash
# Session cc's last, short call (a budget of about 400 s; name nvidia-h200,
# either card). Carry as call2.sh: ["dist/humming-runtime.tar.xz",
# "dist/COMMIT", "dist/base", "peers"]. On any card, call2.sh's A / B of
# Turing's kernels alone (e6d175d0 against c60815d6, --spec-extra
# target=sm_75, both builds in one process; the correctness gate checks
# every cell), W4A16 and W8A16 channel at 4096^2 and 8192^2, M = 1 / 16 /
# 64 / 256, until DEADLINE (default 200 s). Prediction: 1.3-2x faster at M =
# 1..16, 1.5-3x at 64 / 256.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
device_header
DEADLINE=${DEADLINE:-200}
sm75_ab "$DEADLINE" w4a16-int4-channel,w8a16-int8-channel
gpu_clocks
bash scripts/bundle-out.sh
