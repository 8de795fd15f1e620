#!/bin/bash
# Session bt, call 4: dacf6e34's 160-row tiles at 129..160 (NOTES section
# 137) and the stage-stride zeroing of rows past M, dist/ built from main
# at or after that change (scripts/build-static.sh). Carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT", "peers"] (peers/humming-cache.tar.xz from call 1).
# 1. humming-run's reference check of call4-layers.txt (odd M in 129..160,
#    the 160 / 161 boundary; cluster pairs, 4 shared workspace splits with
#    the staged epilogue, 2 CTAs per SM, unsplit, 3 splits, 4- and 8-bit,
#    channel and groups), and lines 10-14: rows past M zeroed by main's
#    stage-stride form (section 137) in mma.sync tiles (an A100 table,
#    through the driver's PTX JIT), 64 / 80 / 112-row and 128 x 256
#    warpgroup tiles and a 3-bit g32 layer with zero points; memcheck of
#    lines 1, 2, 3, 6, 10 and 14. Prediction: all pass, clean.
# 2. The benchmark with cuBLAS, torch's int4, Marlin and Humming in the
#    same run (ANCHORS.md's method). Prediction: M <= 64 as at 3e09ea81
#    within the spread (the 17..64-row kernels changed only in the zeroing
#    of rows past M, 2-62 PTX lines; 1..16 unchanged), ours 1.13-1.66x the
#    faster peer there; M = 80 /
#    128 2-9 % faster than at 3e09ea81 (sections 136), Humming ahead in
#    fewer M = 80 cells than 7. The benchmark's Ms stop at 128, so the
#    160-row tiles do not reach it.
# On any other card, or with STEP2=rows where the device time left is too
# short for the benchmark, step 2 is next-rows2.sh (16-row steps through
# 129..192: 144- and 176-row copies) for W4A16 channel, then W8A16, as far
# as the time allows (an A / B in one process; predictions there).
# DEADLINE (seconds from the start, default 575): where step 2 stops.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
echo "gpu: $gpu"; gpu_clocks
l=bench/results/h200/2026-12-07-session-bt/call4-layers.txt
check_layers layers "$l" 200
MEMCHECK_TIMEOUT=240 memcheck_layers layers "$l" 1 2 3 6 10 14
case "${STEP2:-}:$gpu" in
  :*H200*) FINAL_TIMEOUT=$((${DEADLINE:-575} - SECONDS)) final_run
          grep -E "excluded|gate|Not run" "$OUT/full.log" | head ;;
  *) timeout $((${DEADLINE:-560} - SECONDS)) bash bench/results/h200/2026-12-07-session-bt/next-rows2.sh \
       w4a16-int4-channel w8a16-int8-channel > "$OUT/rows2.log" 2>&1
     echo "rows2 rc $?"; grep -E "^==|^\| humming" "$OUT/rows2.log" ;;
esac
gpu_clocks
bash scripts/bundle-out.sh
