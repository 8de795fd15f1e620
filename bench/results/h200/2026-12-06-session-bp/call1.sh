#!/bin/bash
# Session bp, call 1. Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT",
# "peers"]. On an H200: session bo's next-call1.sh (the models and smoke
# tiers, then the benchmark with Marlin and Humming, the first H200 run
# with Humming; predictions there). On an H100 (which has run that at
# d5624f4a): profile.sh beside it (Nsight Compute on ours and Humming at
# 11008 x 4096 M = 80; predictions there).
name=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
echo "GPU: $name"
case "$name" in
  *H200*) exec bash bench/results/h200/2026-12-06-session-bo/next-call1.sh ;;
  *) bash "$(dirname "$0")/profile.sh"; bash scripts/bundle-out.sh ;;
esac
