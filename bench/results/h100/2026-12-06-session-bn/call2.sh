#!/bin/bash
# Session bn, call 2. On an H200 first the benchmark with Marlin and
# Humming in the same run (none yet on an H200 since Humming joined; carry
# "peers" too). Then the 65..128-row cells where Humming led in call 1
# (11008 x 4096 M = 80 / 128 by 6-8 %, 28672 x 4096 M = 128 by 9 %), hand
# tables against the planner's in one process. Carry
# ["dist/humming-runtime.tar.xz", "dist/COMMIT"].
# Predictions: stream-K (sk) of the planner's tile gives every SM the same
# k-blocks: 11008 x 4096 65..96 (86 CTAs unsplit today) 10-20 % faster;
# 28672 x 4096 97..128 (112 CTAs) 5-10 % faster; 11008 x 4096 97..128
# (129 CTAs of k3 already) no faster. 96 x 64 tiles at 2 CTAs per SM
# (172 CTAs): 0-10 % faster at 65..96.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
if nvidia-smi --query-gpu=name --format=csv,noheader | grep -q H200; then
  FINAL_TIMEOUT=300 final_run
  grep -E "excluded|gate" "$OUT/full.log" | head
fi
export VARIANT_REPS=10 VARIANT_SWEEPS=2 VARIANT_TIMEOUT=120
VARIANT_MS=80,96 entry_variants s11008a w4a16-int4-channel 11008x4096 \
  "sk=65-96:96x128x64:1x2x1:s8:sk:wg" \
  "n64=65-96:96x64x64:1x1x1:s6:k1:c2:wg" \
  "k2=65-96:96x128x64:1x2x1:s4:k2:c2:wg" \
  "w256=65-96:96x256x64:1x4x1:s8:k3:wg:i4"
VARIANT_MS=100,128 entry_variants s11008b w4a16-int4-channel 11008x4096 \
  "sk=97-128:128x256x64:1x2x1:s6:sk:wg" \
  "sk128=97-128:128x128x64:1x2x1:s8:sk:wg" \
  "wg4=97-128:128x256x64:1x4x1:s8:k3:wg:i4"
VARIANT_MS=80,128 entry_variants s11008g w4a16-int4-g128 11008x4096 \
  "sk=65-96:96x128x64:1x2x1:s8:sk:wg" \
  "wg2=97-128:128x256x64:1x2x1:s6:k3:wg" \
  "sk4=97-128:128x256x64:1x4x1:s6:sk:wg:bf"
VARIANT_MS=100,128 entry_variants s28672 w4a16-int4-channel 28672x4096 \
  "sk=97-128:128x256x64:1x4x1:s8:sk:wg:i4" \
  "sk2=97-128:128x256x64:1x2x1:s6:sk:wg" \
  "n128=97-128:128x128x64:1x2x1:s4:k1:c2:wg"
gpu_clocks
bash scripts/bundle-out.sh
