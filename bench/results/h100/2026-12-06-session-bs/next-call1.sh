#!/bin/bash
# After session bs: main's 16-row ranges at 65..128 (80 / 112-row warpgroup
# tiles, the 80 x 128 tiles' splits sharing their reduction; NOTES section
# 136), which ran only on an H100 and not under memcheck. dist/ built from
# main at or after the commit that brought them (scripts/build-static.sh).
# Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT", "peers"].
# 1. humming-run's reference check of next-call1-layers.txt (odd M in
#    65..80 and 97..112, 4- and 8-bit, channel and groups, a 1000 x 1056
#    uint8 layer), then memcheck of its lines 1, 2, 6 and 9.
#    Prediction: all pass, clean.
# 2. On an H200: the benchmark with Marlin and Humming (ANCHORS.md's
#    method). Prediction: M <= 64 cells as at 3e09ea81 (their kernels are
#    unchanged); at M = 80 ours 2-9 % faster than at 3e09ea81, so Humming
#    ahead in fewer of the 15 M = 80 cells than 7 (4096^2 channel may stay
#    Humming's: 12.5 against 13.1 there).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
echo "gpu: $gpu"; gpu_clocks
l=bench/results/h100/2026-12-06-session-bs/next-call1-layers.txt
check_layers layers "$l" 150
MEMCHECK_TIMEOUT=200 memcheck_layers layers "$l" 1 2 6 9
case "$gpu" in
  *H200*) FINAL_TIMEOUT=330 final_run
          grep -E "excluded|gate" "$OUT/full.log" | head ;;
esac
gpu_clocks
bash scripts/bundle-out.sh
