#!/bin/bash
# Session bd, call 5 (carry ["dist"]; dist/ = the working tree that became
# the next commit: the 5-CTA warpgroup tile with group scales in the B
# fragment for 4-bit groups of 64+ and 8-bit groups of 128+ at 33..64,
# N 33.8k-42.2k, sm_90).
# 1. Reference check of call5-layers.txt (those entries as planned: g64,
#    uint4 g128 zero points bf16, uint8 g128 zero points and bias, 37900 x
#    4096 g128); memcheck of 3. (Cut to the session's last 298 s of
#    device time.)
# 2. 37900 x 4096 (an odd multiple of 64) g128 at 33..64, where the rule
#    now replaces the odd-64 rule's 3-CTA tile on sums (593 tiles, 1.50
#    waves). Prediction: 10-20 % faster (call 4: 5 CTAs in the fragment
#    7-9 % faster than 3 CTAs in one wave at 37888).
set -u
LIMIT=${LIMIT:-205}
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
d=bench/results/h100/2026-12-05-session-bd
check_layers layers $d/call5-layers.txt 110
MEMCHECK_TIMEOUT=40 memcheck_layers layers $d/call5-layers.txt 3
VARIANT_MS=33,48,64 VARIANT_TIMEOUT=$((LIMIT - SECONDS - 5))
entry_variants g128-37900 w4a16-int4-g128 37900x4096 "c3=33-64:64x64x64:1x1x1:s6:k1:c3:wg"
gpu_clocks
bash scripts/bundle-out.sh
