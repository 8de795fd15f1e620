#!/bin/bash
# Session ag, call 3 (17196a0's runtime plus one builder change: the
# register-stream loop may keep 1 k-block ahead, `s1`; carry ["dist"]):
# section 78. At 2 CTAs of 16 warps per SM the loop's 2-ahead form spills
# (64 registers); with 1 ahead ptxas gives it 62-64 registers and no spill,
# the probe's configuration that measured 12.67 us at 8192^2 (section 72).
# 1. humming-run's reference check on call3-layers.txt (s1 entries).
# 2. Speed at M = 1 / 4 / 8 against the planner: 8192^2 W4A16 channel /
#    g128 / W8A16 (16 warps, 1 ahead, 2 CTAs per SM), 11008 x 4096 channel
#    (8 warps, 1 ahead, 3 CTAs per SM), 4096^2 channel (16 warps, 1 ahead,
#    one CTA per SM, against the planner's 2 ahead).
# Prediction: 8192^2 channel 12.6-13.4 against 13.1 (the probe's 12.67 at
# its best; with 1 ahead nothing is in flight while a warp computes, 32
# warps per SM must hide it); g128 and W8A16 slower than the planner (as
# 64-column blocks were, section 77); 11008 x 4096 within 0.3; 4096^2 1
# ahead 0.1-0.4 slower than 2.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
d=bench/results/h200/2026-12-03-session-ag
timeout 120 bash scripts/check-layers.sh < $d/call3-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
export VARIANT_MS=1,4,8 VARIANT_REPS=15 VARIANT_TIMEOUT=90
# (As run, a helper of this script did what bench/variants.sh's
# entry_variants now does.)
entry_variants ch-8192 w4a16-int4-channel 8192x8192 s1c2=1-8:8x32x64:1x1x16:s1:k1:c2:rs
entry_variants g-8192 w4a16-int4-g128 8192x8192 s1c2=1-8:8x32x64:1x1x16:s1:k1:c2:rs
entry_variants i8-8192 w8a16-int8-channel 8192x8192 s1c2=1-8:8x32x64:1x1x16:s1:k1:c2:rs
entry_variants ch-11008x4096 w4a16-int4-channel 11008x4096 w8s1c3=1-8:8x32x64:1x1x8:s1:k1:c3:rs
entry_variants ch-4096 w4a16-int4-channel 4096x4096 s1=1-8:8x32x64:1x1x16:s1:k1:rs
bash scripts/bundle-out.sh
