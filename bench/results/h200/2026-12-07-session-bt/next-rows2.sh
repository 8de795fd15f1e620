#!/bin/bash
# After session bt (NOTES section 137): the 192-row tile's time is the rows
# it computes (129..160 on 160 rows 8-27 % faster). Do 16-row steps all the
# way pay? rows.sh with main's 129..160 split at 144 (a 144-row copy of the
# 160-row tile) and 161..192 at 176 (a 176-row copy of the 192-row one),
# where the table has those entries; M = 160 and 192 run the same kernels
# in both (A / A). dist/ built from main at or after dacf6e34.
# ptxas here (main at 7b325075, three cases at 8192^2, 28672 x 4096 and
# 4096 x 11008): 144-row kernels 128-176 registers, 176-row 146-222, no
# spills but the 176-row two-CTA tile of 28672 x 4096 W4A16 channel (128
# registers, 12 bytes).
# Usage: bash next-rows2.sh CASE [CASE ...]  (all five shapes each).
# Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT"].
# Predictions: M = 129..144 and 161..176, 4-9 % faster (the tiles are
# loop-bound: 10 % fewer rows at 144 / 160 and 176 / 192, less the fixed
# prologue and split end); M = 160 / 192 within +-0.3 us (A / A).
ROWS_SPLITS="129-160:144 161-192:176" \
  ROWS_MS=${ROWS_MS:-129,137,144,152,160,161,169,176,184,192} \
  exec bash "$(dirname "$0")/../../h100/2026-12-06-session-bs/rows.sh" "$@"
