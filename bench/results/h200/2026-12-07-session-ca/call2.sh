#!/bin/bash
# Session ca's last call (about 370 s of device budget left): session bz's
# call3.sh (on an H200 only, the targets' cells with cuBLAS, torch's int4
# and Humming; elsewhere nothing) at 8192^2 and, for the 3x-cuBLAS cells,
# 4096^2. Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT",
# "peers/humming-src", "peers/humming-cache.tar.xz"].
# Prediction: as at 688a51e6 within the spread: 8192^2 W4A16 channel 12.2
# / 12.9 / 19.0 us, g128 12.7 / 13.4 / 20.1, W8A16 20.2 / 21.0 / 22.9;
# 4096^2 W4A16 channel M = 1 5.7 (2.78x cuBLAS fp16).
SHAPES=8192x8192,4096x4096 DEADLINE=${DEADLINE:-230} \
  exec bash bench/results/h200/2026-12-07-session-bz/call3.sh
