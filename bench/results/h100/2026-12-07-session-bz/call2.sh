#!/bin/bash
# Session bz's second call (any card; written for the H100 that came for
# call 1). Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT", "dist/mi"]:
# dist/ = f38031e7 (main's kernels), dist/mi/ = branch exp/m-inner
# (c82a609d): the data-parallel unit order in groups of 8 M tiles, M tiles
# first within a group, where a CTA loops over units and the M range spans
# several tiles (only each table's last, unbounded kernel changes:
# scripts/ptx-compare.py).
# 1. Reference check (scripts/check-layers.sh) of those kernels at M that
#    make 2..17 M tiles, partial groups included, h200 / a100 / sm_89
#    tables and a hand table whose bounded 1..64 entry loops
#    (m-tile-groups-layers.txt), then memcheck on lines 9 and 11.
#    Prediction: all pass, memcheck clean.
# 2. A / B, both builds in one process (build_variants), ANCHORS.md's
#    method, 15 calls x 2 sweeps. Prediction: int4 g16 28672 x 4096 M =
#    240 / 256 3-7 % faster (section 145: the table before re-read 1.8x
#    the bytes there and lost ~6 % to it), M = 1024 0-5 %; int4 channel
#    28672 x 4096 M = 256 / 1024 0-4 %; int4 channel 8192^2 M = 1024 /
#    4096 within 2 % (its 34 MB of weights fit L2 either way).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
device_header
use_build mi && source scripts/runtime-env.sh
here=bench/results/h100/2026-12-07-session-bz
check_layers mi-layers $here/m-tile-groups-layers.txt 150 &&
  memcheck_layers mi-layers $here/m-tile-groups-layers.txt 9 11
unset HUMMING_LIBRARY HUMMING_COMMIT; source scripts/runtime-env.sh
for cs in "w4a16-int4-g16 28672x4096 240,256,1024" "w4a16-int4-channel 28672x4096 256,1024" \
          "w4a16-int4-channel 8192x8192 1024,4096"; do
  read -r c s ms <<< "$cs"
  [ "$SECONDS" -lt "${DEADLINE:-380}" ] || { echo "deadline: $c $s not run"; continue; }
  VARIANT_MS=$ms VARIANT_TIMEOUT=100 build_variants "mi-$c-$s" "$c" "$s" \
    mi=dist/mi/humming-runtime.tar.xz
done
gpu_clocks
bash scripts/bundle-out.sh
