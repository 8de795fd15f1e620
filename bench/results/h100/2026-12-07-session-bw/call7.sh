#!/bin/bash
# Session bw, the last of its device time: the planner's 224-row kernels
# for group sizes no call measured or checked (16 and 1024; ptxas 196-197
# registers, no spills), humming-run's reference check at odd M
# (call7-layers.txt: int4 g16, int8 g16 bf16, uint4 g1024 with float zero
# points, fp4 g16 unsplit). Carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT"]; dist/ at 36b3cacb. Prediction: all pass.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
device_header
check_layers groups224 bench/results/h100/2026-12-07-session-bw/call7-layers.txt 120
bash scripts/bundle-out.sh
