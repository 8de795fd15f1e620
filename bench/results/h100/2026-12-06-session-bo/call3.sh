#!/bin/bash
# Session bo, call 3 (the command as run, on the warm machine after call
# 2b): is it the warp-specialized loop or stream-K that loses? 11008 x
# 4096 channel M = 80 / 96: the planner's decomposition (86 unsplit CTAs)
# as `:ws`, and stream-K over `:ws` at 4 stages instead of 8.
source scripts/runtime-env.sh; source bench/variants.sh; export VARIANT_REPS=10 VARIANT_SWEEPS=2 VARIANT_TIMEOUT=80; VARIANT_MS=80,96 entry_variants c11008w w4a16-int4-channel 11008x4096 "ws=65-96:96x128x64:1x2x1:s8:k1:ws" "skws4=65-96:96x128x64:1x2x1:s4:sk:ws"; bash scripts/bundle-out.sh >/dev/null
