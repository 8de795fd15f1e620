#!/bin/bash
# Session bd, call 3 (carry ["dist"]; dist/ = the working tree after call 2:
# 3cded52 plus the 5-CTA warpgroup tile for 4-bit groups of 64+ at 17..32
# and 8-bit groups of 128+ at 33..64, git-ignored build).
# 1. Reference check of call3-layers.txt (those rules as the planner takes
#    them: g64 at 5 stages, W8A16 g128 at 3, zero points, bias, bf16, odd
#    N and K; 37900 x 4096 g128, an odd multiple of 64, where the g64+
#    rule now comes before the 3-CTA 64-column tile); memcheck of 2 and 4.
# 2. Stages and the odd-64 case against call 2's entries. The planner sizes
#    the g64 tile at 5 stages (43.0 KB at 6 is over its 5-CTA budget,
#    though 5 fit the SM; 86 registers and no spills at 5 against 28
#    bytes at 6). 37900 x 4096 g128 / g64 at 17..32: 593 tiles of 64 on
#    660 slots at 5 CTAs per SM against the odd-64 rule's 3 (1.50 waves).
#    Prediction: s5 within 0.5 us of s6; at 37900 the 5-CTA tile 10-25 %
#    faster for g64 and g128 (no spills at 32 rows).
set -u
LIMIT=${LIMIT:-575}
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
d=bench/results/h100/2026-12-05-session-bd
check_layers layers $d/call3-layers.txt 150
MEMCHECK_TIMEOUT=70 memcheck_layers layers $d/call3-layers.txt 2 4
VARIANT_MS=17,24,32 VARIANT_TIMEOUT=90
entry_variants g64-s6 w4a16-int4-g64 37888x3584 "s6=17-32:32x64x64:1x1x1:s6:k1:c5:wg"
entry_variants g128-37900 w4a16-int4-g128 37900x4096 "c3=17-32:32x64x64:1x1x1:s6:k1:c3:wg"
VARIANT_TIMEOUT=$((LIMIT - SECONDS - 5))
entry_variants g64-37900 w4a16-int4-g64 37900x4096 "c3=17-32:32x64x64:1x1x1:s6:k1:c3:wg"
gpu_clocks
bash scripts/bundle-out.sh
