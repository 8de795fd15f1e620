#!/bin/bash
# Session bt, call 1. This machine was fresh: peers/ rebuilt from the
# mirrors (mgoin/humming a6455de, IST-DASLab/marlin 2f6d7c1, pyelftools),
# with no Humming kernel cache to carry. Carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT", "peers"]; dist/ from main at 90d32a6f.
# 1. Session bs's next-call1.sh step 1: humming-run's reference check of
#    next-call1-layers.txt (odd M in 65..80 and 97..112; the 80 / 112-row
#    warpgroup tiles of section 136), then memcheck of its lines 1, 2, 6, 9.
#    Prediction: all pass, clean.
# 2. Meanwhile, in the background (CPU-bound nvcc work beside a GPU-bound
#    check): Marlin built, and Humming's kernels for the five shapes compiled
#    into its cache by the harness's probe child (8192^2 first, which also
#    builds its launcher, then the other four at once), the cache brought
#    back packed for call 2's final run. Prediction: 15 PROBE OK lines.
set -u
LIMIT=${LIMIT:-575}
source scripts/runtime-env.sh
source bench/variants.sh
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
echo "gpu: $gpu"; gpu_clocks
cases=w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel
probe() {
  timeout "$1" python3 bench/gemm_bench.py --probe humming --peers peers --cases "$cases" \
    --shapes "$2" --ms 1,4,8,16,32,64,80,128 > "$OUT/probe-$2.log" 2>&1
  echo "probe $2 rc $? $(date +%T): $(grep -c 'PROBE .* OK' "$OUT/probe-$2.log") ok"
}
(
  bash peers/build.sh > "$OUT/peers-build.log" 2>&1; echo "marlin rc $? $(date +%T)"
  probe $((LIMIT - 60 - SECONDS)) 8192x8192
  for s in 4096x4096 11008x4096 4096x11008 28672x4096; do
    probe $((LIMIT - 40 - SECONDS)) $s &
  done
  wait
) > "$OUT/warm.log" 2>&1 &
warm=$!
l=bench/results/h100/2026-12-06-session-bs/next-call1-layers.txt
check_layers layers "$l" 200
MEMCHECK_TIMEOUT=220 memcheck_layers layers "$l" 1 2 6 9
wait "$warm"
cat "$OUT/warm.log"
gpu_clocks
tar -C peers -cJf "$OUT/humming-cache.tar.xz" humming-cache; ls -la "$OUT/humming-cache.tar.xz"
bash scripts/bundle-out.sh
