#!/bin/bash
# Session bl, call 3: the benchmark at main, all five shapes, three cases,
# M = 1..128, with Marlin and Humming (mgoin/humming a6455de, its
# heuristics' kernels; their cubins from call 2, carried as
# peers/humming-cache.tar.xz) in the same run. Carry
# ["dist/humming-runtime.tar.xz", "dist/COMMIT", "peers"].
# Prediction (call 2 at 8192^2): ours faster than Humming in every cell at
# M <= 64 (1.2-1.4x at 8192^2), Humming closest at M = 80..128 (8192^2 W4A16
# channel M = 128: 1.02x) and at the narrow 4096^2 shape, where its 128-wide
# tiles fill the SMs.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
tar -C peers -xJf peers/humming-cache.tar.xz && echo "humming cache $(ls peers/humming-cache | wc -l) entries"
FINAL_TIMEOUT=480 final_run
grep -E "excluded|gate" "$OUT/full.log" | head
gpu_clocks
bash scripts/bundle-out.sh
