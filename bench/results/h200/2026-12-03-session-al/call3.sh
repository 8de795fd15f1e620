#!/bin/bash
# Session al, call 3 (carry ["dist"]): the ring size of the 2-CTA 16-row
# lane queue at 8192^2 (9..16 rows), now that an iteration is a whole
# ring: 2 and 4 rounds in flight against the planner's 3 (c19ed9e).
# ptxas: g128 151 / 153 / 150 instructions a round at 2 / 3 / 4, no spills.
# Prediction: within +-0.2 us of the planner's (section 83 measured 2
# rounds 0.1-0.2 slower before the rings; 4 rounds of g128 need 115 KB a
# CTA, which may not fit two CTAs an SM).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
date +%T
export VARIANT_MS=9,16 VARIANT_REPS=15 VARIANT_TIMEOUT=80
entry_variants g128 w4a16-int4-g128 8192x8192 "s2=9-16:16x32x64:1x1x8:s2:k1:c2:rq" "s4=9-16:16x32x64:1x1x8:s4:k1:c2:rq"
entry_variants channel w4a16-int4-channel 8192x8192 "s2=9-16:16x32x64:1x1x8:s2:k1:c2:rq" "s4=9-16:16x32x64:1x1x8:s4:k1:c2:rq"
entry_variants int8 w8a16-int8-channel 8192x8192 "s2=9-16:16x32x64:1x1x8:s2:k1:c2:rq"
date +%T
bash scripts/bundle-out.sh
