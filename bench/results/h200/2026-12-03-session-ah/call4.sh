#!/bin/bash
# Session ah, call 4 (29565b8's runtime; carry ["dist"]): where section 79's
# planner rules for 16-row register-stream blocks were not measured.
# g64 at 4096^2 (the 1..8-row rule takes g64+, the 9..16 one g128+ only)
# and N = 4096, K = 8192 (128 k-blocks a block: channel 1 ahead, g128 2
# ahead; 4 ahead spills wherever a warp's loop runs more than once).
# 1. humming-run's check on call4-layers.txt (those entries in the
#    planner's tables: uint4 g64 zero points at 4000 x 4096, int4 channel +
#    bias and uint4 g128 bf16 at 4096 x 8192).
# 2. Speed at M = 9 / 16 against the planner's 9..16 entry.
# Prediction: g64 4096^2 0.5-0.8 us faster (as g128 there); 4096 x 8192
# channel and g128 within 0.3 either way (between K = 4096, where the
# blocks won, and K = 11008, where channel lost and g128 won).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
d=bench/results/h200/2026-12-03-session-ah
date +%T
timeout 90 bash scripts/check-layers.sh < $d/call4-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
export VARIANT_MS=9,16 VARIANT_REPS=15 VARIANT_TIMEOUT=80
entry_variants g64-4096 w4a16-int4-g64 4096x4096 rs4=9-16:16x32x64:1x1x16:s4:k1:rs
entry_variants ch-4096x8192 w4a16-int4-channel 4096x8192 rs1=9-16:16x32x64:1x1x16:s1:k1:rs
entry_variants g-4096x8192 w4a16-int4-g128 4096x8192 rs2=9-16:16x32x64:1x1x16:s2:k1:rs
date +%T
bash scripts/bundle-out.sh
