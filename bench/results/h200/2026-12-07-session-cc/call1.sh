#!/bin/bash
# Session cc's call (name nvidia-h200, either card). Carry
# ["dist/humming-runtime.tar.xz", "dist/COMMIT", "peers"]; dist/ at
# e6d175d0, whose sm_90a and sm_75 kernels are the tip's (2a42130b;
# scripts/ptx-compare.py, 12 of 12 specs the same).
# - On an H200: session bw's next-call.sh (the final run at the tip with
#   both peers, then the 224-row A / B), its predictions there.
# - Elsewhere: section 147's open question, short: the same ncu profile
#   with per-instruction stall samples (HUMMING_PROFILE_SOURCE=1) of the
#   224-row tile and of the table before it at int4 g16 28672 x 4096, M =
#   208 (k1, 1.7 units a CTA). Prediction: the tile's MMA-wait share of its
#   samples is below 8192^2's 23 % (it gains 11-12 % there against 4.5 %),
#   near the table before's share.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
device_header
on_h200_exec bench/results/h200/2026-12-07-session-bw/next-call.sh
profile_224_against_before w4a16-int4-g16 28672x4096 208 120
gpu_clocks
bash scripts/bundle-out.sh
