#!/bin/bash
# After session bs (NOTES section 136): do 16-row steps pay elsewhere too?
# rows.sh with 33..64 split at 48 (a 48-row copy of the 64-row warpgroup
# tile, m64n48) and 129..192 at 160 (a 160-row copy of the 192-row one),
# where the table has those entries; M = 64 and 192 run the same kernels
# in both (A / A). dist/ built from main at or after ad269ef4.
# Usage: bash next-rows.sh CASE [CASE ...]  (all five shapes each).
# Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT"].
# Predictions: M = 40..48, 0-3 % (these tiles stream weights; the MMA is
# under the stream at 33..48 rows, except at 8192^2 where 64 rows are
# near compute-bound: 3-6 %); M = 144..160, 3-8 % (the 192-row tile is
# loop-bound, as 96 / 128 were at 65..80 / 97..112).
ROWS_SPLITS="33-64:48 129-192:160" ROWS_MS=${ROWS_MS:-33,40,48,64,129,144,160,192} \
  exec bash "$(dirname "$0")/rows.sh" "$@"
