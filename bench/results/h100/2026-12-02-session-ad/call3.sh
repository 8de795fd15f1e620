#!/bin/bash
# Session ad, call 3, on an H100 (nvidia-h100-x1; 3523182's runtime, carry
# ["dist"]; run from the repository root; it was run from the h200 session
# folder and moved here with its results): does the wA rule (fitted on
# the H200) hold on the H100? The H100's tables are the H200's at every
# shape here (132 SMs, the same cluster capacities; the rule reads no
# bandwidth), so main's H200 tables (main-tables.txt) are main's H100
# tables. The wgmma tier's wA table
# first (clusters of 3, a pair, 4 workspace splits at odd shapes).
# Prediction: the same ordering as call 1 (wA 10-25 % faster where it was
# taken), all a few % slower in absolute terms at 65..128 rows, where the
# splits' L2 and HBM traffic weigh more at the H100's 3.35 TB/s.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
d=bench/results/h200/2026-12-02-session-ad
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv,noheader
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=120 HUMMING_VALIDATE_ONLY=1 bash scripts/device-validate.sh \
  wgmma:-1 > "$OUT/val.log" 2>&1
tail -2 "$OUT/val.log"
while read case shape old; do
  case "$case $shape" in
    "w4a16-int4-channel 4096x4096"|"w4a16-int4-channel 8192x8192"|"w4a16-int4-channel 4096x11008"|"w4a16-int4-g128 8192x8192"|"w8a16-int8-channel 4096x4096") ;;
    *) continue ;;
  esac
  VARIANT_MS=65,128,200,256 VARIANT_REPS=10 VARIANT_TIMEOUT=60 variants h100-$shape-$case $case $shape "main=dispatch=$old"
done < $d/main-tables.txt
bash scripts/bundle-out.sh
