#!/bin/bash
# call2.sh cut to its first question after the device tool's failed starts
# and a machine taken back mid-call left 450 s: 11008 x 4096, the
# warp-specialized stream-K tiles against the planner (channel M = 80 / 96
# and 100 / 128, g128 M = 80 / 128), then the reference check of two of
# the new layers. Predictions as call2.sh's.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
export VARIANT_REPS=10 VARIANT_SWEEPS=2 VARIANT_TIMEOUT=90
VARIANT_MS=80,96 entry_variants c11008a w4a16-int4-channel 11008x4096 \
  "skws=65-96:96x128x64:1x2x1:s8:sk:ws" \
  "sk=65-96:96x128x64:1x2x1:s8:sk:wg"
VARIANT_MS=100,128 entry_variants c11008b w4a16-int4-channel 11008x4096 \
  "skws=97-128:128x128x64:1x2x1:s8:sk:ws"
VARIANT_MS=80,128 entry_variants g11008 w4a16-int4-g128 11008x4096 \
  "skws=65-96:96x128x64:1x2x1:s8:sk:ws 97-128:128x128x64:1x2x1:s8:sk:ws"
head -2 bench/results/h100/2026-12-06-session-bo/call2-layers.txt > /tmp/call2-layers.txt
check_layers ws /tmp/call2-layers.txt 60
gpu_clocks
bash scripts/bundle-out.sh
