#!/bin/bash
# Session br, call 1, dist/ at 3e09ea81 (= main 6d10c5e8's PTX): the staged
# wgmma epilogue in its committed form (48+ accumulators a thread, lane
# addresses from a fresh %tid.x), which no GPU has run yet.
# Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT", "dist/base", "peers"].
# On an H200: the benchmark with Marlin and Humming first (the first H200
#   run with Humming beside ours; predictions as session bn's
#   next-call1.sh: ours faster than both in every cell at M <= 64), then
#   session bq's reference check of 13 layers.
# On an H100: session bq's call5.sh (the reference check, then new against
#   base: an A/A check at 8192^2 M = 17 / 64 and 96..256).
# Prediction: the reference check passes 70 of 70 on either.
set -u
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
echo "gpu: $gpu"
case "$gpu" in
  *H200*) ;;
  *) exec bash bench/results/h200/2026-12-06-session-bq/call5.sh ;;
esac
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
FINAL_TIMEOUT=330 final_run
grep -E "excluded|gate" "$OUT/full.log" | head
[ -d peers/humming-cache ] && tar -C peers -cJf "$OUT/humming-cache.tar.xz" humming-cache
check_layers layers bench/results/h200/2026-12-06-session-bq/call1-layers.txt 90
gpu_clocks
bash scripts/bundle-out.sh
