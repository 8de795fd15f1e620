#!/bin/bash
# Session bt, call 5 (call4.sh's final run did not fit the device time left
# after failed starts; it stays for an H200 with the time for it):
# dacf6e34's 160-row tiles at 129..160 (NOTES section 137) and the
# stage-stride zeroing of rows past M, dist/ built from main at or after
# that change (scripts/build-static.sh). Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT"].
# 1. humming-run's reference check of call4-layers.txt (odd M in 129..160,
#    the 160 / 161 boundary; cluster pairs, 4 shared workspace splits with
#    the staged epilogue, 2 CTAs per SM, unsplit, 3 splits, 4- and 8-bit,
#    channel and groups), and lines 10-14: rows past M zeroed by main's
#    stage-stride form (section 137) in mma.sync tiles (an A100 table,
#    through the driver's PTX JIT), 64 / 80 / 112-row and 128 x 256
#    warpgroup tiles and a 3-bit g32 layer with zero points; memcheck of
#    lines 1, 2, 3, 6, 10 and 14. Prediction: all pass, clean.
# 2. next-rows2.sh (16-row steps through 129..192: 144- and 176-row
#    copies) for W4A16 channel, then W8A16, until DEADLINE (seconds from
#    the start, default 560). Predictions in next-rows2.sh.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
echo "gpu: $gpu"; gpu_clocks
d=bench/results/h200/2026-12-07-session-bt
check_layers layers "$d/call4-layers.txt" 200
MEMCHECK_TIMEOUT=240 memcheck_layers layers "$d/call4-layers.txt" 1 2 3 6 10 14
timeout $((${DEADLINE:-560} - SECONDS)) bash "$d/next-rows2.sh" \
  w4a16-int4-channel w8a16-int8-channel > "$OUT/rows2.log" 2>&1
echo "rows2 rc $?"; grep -E "^==|^\| humming" "$OUT/rows2.log"
gpu_clocks
bash scripts/bundle-out.sh
