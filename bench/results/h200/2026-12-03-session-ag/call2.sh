#!/bin/bash
# Session ag, call 2 (the planner with the register-stream loop at 1..8 rows
# of 4-bit codes at N about 4096, runtime in dist/, Marlin in the
# git-ignored peers/; carry ["dist", "peers"]): section 77.
# 1. Correctness of the planner's new kernels: humming-run's reference check
#    on call2-layers.txt (planner tables: channel, g128 / g256, integer zero
#    points, float4, bf16, bias, K = 2048 / 4224 / 11008, N = 4000), memcheck
#    on two; the shapes tier (its 4096^2 and 4096 x 11008 4-bit layers take
#    the new kernels at M = 1 and 7).
# 2. The final harness with Marlin in the same run.
# 3. For the notes (not in the planner): g128 at 4096 x 11008 and g64 at
#    4096^2 on the register-stream loop.
# Prediction: 4096^2 W4A16 channel M = 1..8 6.0-6.1 us (call 1), g128
# 5.8-5.9, 4096 x 11008 channel 10.5-10.7; every other cell as c72ffa3's
# run within 0.3.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
d=bench/results/h200/2026-12-03-session-ag
[ -f peers/build.sh ] && { bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?" > $OUT/peers-rc.txt; } &
timeout 150 bash scripts/check-layers.sh < $d/call2-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
sed -n '1p;3p' $d/call2-layers.txt | timeout 120 bash scripts/memcheck-layers.sh > "$OUT/memcheck.txt" 2>&1
tail -1 "$OUT/memcheck.txt"
wait; cat $OUT/peers-rc.txt
OUT=$OUT/full timeout 240 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; grep -E "^\| (humming-mlir|marlin|impl|torch-int4|cublas-fp16) |^## " $OUT/full.log | head -60
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=100 HUMMING_VALIDATE_ONLY=1 timeout 140 bash scripts/device-validate.sh \
  shapes > "$OUT/val.log" 2>&1
tail -3 "$OUT/val.log"
export VARIANT_MS=1,4,8 VARIANT_REPS=15 VARIANT_TIMEOUT=60
s="n=4096 k=11008 $(case_spec w4a16-int4-g128) target=h200"
variants g-4096x11008 w4a16-int4-g128 4096x11008 \
  "s2=dispatch=$(plan_table "$s" 1-8:8x32x64:1x1x16:s2:k1:rs)" \
  "s4=dispatch=$(plan_table "$s" 1-8:8x32x64:1x1x16:s4:k1:rs)"
s="n=4096 k=4096 $(case_spec w4a16-int4-g64) target=h200"
variants g64-4096 w4a16-int4-g64 4096x4096 \
  "s4=dispatch=$(plan_table "$s" 1-8:8x32x64:1x1x16:s4:k1:rs)"
bash scripts/bundle-out.sh
