#!/bin/bash
# Session bk, call 5 (carry ["dist/humming-runtime.tar.xz", "dist/COMMIT"],
# dist/ at this session's head).
# 1. The 4-bit channel 33..64 cluster pair at 8 k-blocks an iteration (`:i8`,
#    the planner's since section 91) against 4 (`:i4`): `:i4` compiles in
#    334 ms against 478 on this session's 2-core machine (286 against 407
#    on section 108's), the last M <= 64 kernel over the 300 ms target
#    there. H200 evidence for `:i8`: 0.1-0.5 us faster at M = 40..64
#    (sections 90-91, each within a run's spread). Prediction on the H100:
#    `:i4` 0-2 % slower. Rule: `:i4` where within 1 % on the mean and 2 %
#    at any M at all three shapes that take the pair (8192^2, 8192 x
#    28672, 6144 x 4096).
# 2. The suite's models tier at this head (57344 x 8192 8-bit back on two
#    warpgroups, section 128) and smoke.
set -u
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
export VARIANT_MS=33,40,48,56,64 VARIANT_REPS=15 VARIANT_SWEEPS=3 VARIANT_TIMEOUT=150
c=w4a16-int4-channel
for sh in 8192x8192 8192x28672 6144x4096; do
  entry_variants i4-$sh $c $sh "i4=33-64:64x128x64:1x2x1:s16:kc2:wg:i4"
done
t=$((540 - SECONDS))
[ "$t" -gt 60 ] && OUT=$OUT/val HUMMING_VALIDATE_BUDGET=$((t - 20)) HUMMING_VALIDATE_ONLY=1 timeout $t \
  bash scripts/device-validate.sh models smoke > $OUT/val.log 2>&1
echo "validate rc $? $(date +%T)"; grep -E 'FAILED CHECKS|layers_checked|"checks"' $OUT/val.log | tail -4
gpu_clocks
bash scripts/bundle-out.sh
