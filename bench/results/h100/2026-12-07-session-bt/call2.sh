#!/bin/bash
# Session bt, call 2: on an H200, session bs's next-call1.sh step 2: the
# benchmark with cuBLAS, torch's int4, Marlin and Humming in the same run
# (ANCHORS.md's method), dist/ at 90d32a6f, Humming's kernels from call 1's
# cache (peers/humming-cache.tar.xz). Carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT", "peers"].
# Prediction: M <= 64 cells as at 3e09ea81 (their kernels are unchanged),
# ours 1.13-1.66x the faster peer there; at M = 80 ours 2-9 % faster than
# at 3e09ea81, so Humming ahead in fewer of the 15 M = 80 cells than 7
# (4096^2 channel may stay Humming's: 12.5 against 13.1 there).
# On any other card: session bs's next-rows.sh for the 4-bit cases instead
# (an A / B in one process, valid on an H100).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
echo "gpu: $gpu"; gpu_clocks
case "$gpu" in
  *H200*) FINAL_TIMEOUT=480 final_run
          grep -E "excluded|gate|Not run" "$OUT/full.log" | head ;;
  *) bash bench/results/h100/2026-12-06-session-bs/next-rows.sh w4a16-int4-channel w4a16-int4-g128 ;;
esac
gpu_clocks
bash scripts/bundle-out.sh
