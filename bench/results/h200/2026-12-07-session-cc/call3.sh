#!/bin/bash
# Session cc's shorter call, for a budget too small for call2.sh's 575 s
# final run (name nvidia-h200, either card). Carry as call2.sh:
# ["dist/humming-runtime.tar.xz", "dist/COMMIT", "dist/base", "peers"].
# - On an H200: first the targets' cells at 8192^2 and the 3x-cuBLAS cells
#   at 4096^2 with cuBLAS, torch's int4 and Humming (session ca's call2.sh,
#   230 s), predictions as at 688a51e6 within the spread (8192^2 W4A16
#   channel 12.2 / 12.9 / 19.0 us, g128 12.7 / 13.4 / 20.1, W8A16 20.2 /
#   21.0 / 22.9; 4096^2 W4A16 channel M = 1 5.7 us, 2.78x cuBLAS fp16).
# - Elsewhere: call2.sh's sm_75 tiers through the JIT.
# - Then, on either card, call2.sh's A / B of Turing's kernels (e6d175d0
#   against c60815d6, --spec-extra target=sm_75) until DEADLINE (default
#   480 s), its prediction there.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
device_header
DEADLINE=${DEADLINE:-480}
case "$DEVICE_GPU" in
  *H200*) DEADLINE=230 bash bench/results/h200/2026-12-07-session-ca/call2.sh ;;
  *) sm75_tiers $((DEADLINE - 220)) 0 smoke@sm_75 shapes@sm_75 models@sm_75 ;;
esac
sm75_ab "$DEADLINE" w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel
gpu_clocks
bash scripts/bundle-out.sh
