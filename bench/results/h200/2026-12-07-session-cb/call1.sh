#!/bin/bash
# Session cb's call, for whichever card comes (name nvidia-h200, either
# card). Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT", "peers"];
# dist/ built at main's tip (scripts/build-static.sh), whose sm_90a kernels
# are 71dd13b7's (scripts/ptx-compare.py).
# - On an H200: session bw's next-call.sh (the final run at the tip with
#   both peers, then the 224-row A / B), its predictions there.
# - Elsewhere: Turing's kernels (sm_75: stages copied through registers,
#   two m16n8k8 per k16 step) on this GPU through the driver's PTX JIT:
#   device-validate.sh with the smoke, shapes and models tiers at sm_75
#   (the planner's t4 tables, every range's ends, NaN-poisoned outputs
#   checked against the reference), then its JIT runs of sm_75 / 80 / 86 /
#   89 PTX, memcheck (two sm_75 layers among them, one with K = 1000) and
#   the Python tests. Prediction: all pass (no kernel of this change was
#   run on a GPU before: the risk is the register copies' ordering).
# (Ran as one script before sm75_tiers and on_h200_exec were factored out
# of it and call2.sh; the same steps.)
set -u
source scripts/runtime-env.sh
source bench/variants.sh
device_header
on_h200_exec bench/results/h200/2026-12-07-session-bw/next-call.sh
sm75_tiers "${DEADLINE:-560}" 230 smoke@sm_75 shapes@sm_75 models@sm_75
gpu_clocks
bash scripts/bundle-out.sh
