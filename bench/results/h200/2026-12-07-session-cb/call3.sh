#!/bin/bash
# Session cb's third call (name nvidia-h200, either card). Carry
# ["dist/humming-runtime.tar.xz", "dist/COMMIT", "peers"]; dist/ at
# e6d175d0, whose sm_90a kernels are 71dd13b7's (scripts/ptx-compare.py).
# - On an H200: session bw's next-call.sh (the final run at the tip with
#   both peers, then the 224-row A / B), its predictions there.
# - Elsewhere, kept short so that budget stays for an H200: section 146's
#   check at its key cell only: ncu with per-instruction stall samples
#   (HUMMING_PROFILE_SOURCE=1) of the 224-row tile and of the table before
#   it (unsplit224.py) at int4 g16 8192^2, M = 208. Prediction: the tile's
#   samples after its last warpgroup-MMA wait (the cluster pair's
#   reduction and the epilogue) are 10-15 % of the kernel's against 5-10 %
#   for the table before's four-warpgroup tile.
# (Ran before profile_224_against_before was factored out of it and
# session cc's call1.sh; the same steps.)
set -u
source scripts/runtime-env.sh
source bench/variants.sh
device_header
on_h200_exec bench/results/h200/2026-12-07-session-bw/next-call.sh
profile_224_against_before w4a16-int4-g16 8192x8192 208 100
gpu_clocks
bash scripts/bundle-out.sh
