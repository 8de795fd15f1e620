#!/bin/bash
# Session bu: the speed of session bt's zeroing change (854399aa, NOTES
# section 137: rows past M zeroed with each thread's offsets computed once
# and a constant stride per stage, instead of ~340 hoisted instructions of
# division by a stage's non-power-of-two chunk count). Carry
# ["dist/humming-runtime.tar.xz", "dist/COMMIT", "dist/base"].
# dist/: main at 688a51e6. dist/base/: the same tree with dacf6e34's
# MmaSyncKernel.cpp (the zeroing before the change); nothing else differs.
# 1. bench/ab.sh, 2 rounds (base, new in one process each round), W4A16
#    channel and W8A16 channel at 4096^2, 8192^2 and 4096 x 11008, M = 1 /
#    16 / 48 / 64 / 80 / 112 / 160. Predictions: M = 80 / 112 / 160 0.1-0.4
#    us faster where units are short (4096^2, 4096 x 11008: 4 workspace
#    splits of 16-43 k-blocks; 2-4 %), within +-0.2 us at 8192^2 (64+
#    k-blocks a unit); M = 1 / 16 / 48 / 64 within +-0.2 us (their tiles
#    are 8 / 16 / 32 / 64 rows, powers of two: the old form was shifts).
# 2. With the time left, the 48-row A / B of section 137 again on main's
#    zeroing (rows.sh, ROWS_SPLITS="33-64:48", W4A16 channel): the 4-split
#    tables (4096^2, 4096 x 11008) were 0.3-0.5 us slower on 48 rows before
#    the change. Prediction: now -0.2..+0.2 us there, and 1-3 % faster
#    where the unsplit and cluster-pair tables run (as before).
set -u
LIMIT=${LIMIT:-575}
source bench/variants.sh
source scripts/runtime-env.sh
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
echo "gpu: $gpu"; gpu_clocks
OUT=$OUT/zeroing timeout $(( (LIMIT - SECONDS - 20) * 3 / 5 )) \
  bash bench/ab.sh dist/base/humming-runtime.tar.xz 2 \
  --cases w4a16-int4-channel,w8a16-int8-channel \
  --shapes 4096x4096,8192x8192,4096x11008 --ms 1,16,48,64,80,112,160 \
  --reps 15 --sweeps 1 --no-graph --peers /nonexistent
echo "zeroing A / B rc $? $(date +%T)"
ROWS_SPLITS="33-64:48" ROWS_MS=33,40,48,64 timeout $((LIMIT - SECONDS - 20)) \
  bash bench/results/h100/2026-12-06-session-bs/rows.sh w4a16-int4-channel \
  > "$OUT/rows48.log" 2>&1
echo "rows48 rc $?"; grep -E "^==|^\| humming" "$OUT/rows48.log"
gpu_clocks
bash scripts/bundle-out.sh
