#!/bin/bash
# Session cb's fourth call (about 790 s of device budget left; name
# nvidia-h200, either card). Carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT", "peers"]; dist/ at e6d175d0, whose sm_90a kernels are
# 71dd13b7's (scripts/ptx-compare.py).
# - On an H200: the targets' cells at 8192^2 and the 3x-cuBLAS cells at
#   4096^2 (M = 1 / 16 / 64) with cuBLAS, torch's int4 and Humming, as
#   session ca's call2.sh (bench/run.sh, ANCHORS.md's method), about 230 s.
#   Prediction: as at 688a51e6 within the spread: 8192^2 W4A16 channel
#   12.2 / 12.9 / 19.0 us, g128 12.7 / 13.4 / 20.1, W8A16 20.2 / 21.0 /
#   22.9; 4096^2 W4A16 channel M = 1 5.7 us (2.78x cuBLAS fp16).
# - Elsewhere: call3.sh's short check of section 146 (g16 8192^2, M = 208).
set -u
case "$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)" in
  *H200*) DEADLINE=${DEADLINE:-230} exec bash bench/results/h200/2026-12-07-session-ca/call2.sh ;;
esac
exec bash bench/results/h200/2026-12-07-session-cb/call3.sh
