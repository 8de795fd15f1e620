#!/bin/bash
# Session bm, call 5: the shared split end after call 4 (aa8f421f: the
# started count read before the partials go out; sharing only where a
# split's sums are 48 KB or more; dist/base/ = main d6ccb979). Carry
# ["dist/humming-runtime.tar.xz", "dist/COMMIT", "dist/base"].
# 1. The reference check of call4-layers.txt again, then the wgmma tier.
#    Prediction: all pass.
# 2. Both builds in one process as in call 4. Prediction: M <= 64 at
#    4096^2 and 4096 x 11008 as base within noise (the 32 x 128 and
#    64 x 128 tiles no longer share); 96 x 128 / 128 x 128 / 128 x 256
#    splits as call 4 or up to 0.5 us better (the read of the started
#    count off the critical path).
set -u
LIMIT=${LIMIT:-470}
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
R=bench/results/h100/2026-12-06-session-bm
check_layers check $R/call4-layers.txt 120
export VARIANT_REPS=10 VARIANT_SWEEPS=2 VARIANT_TIMEOUT=60
base=base=dist/base/humming-runtime.tar.xz
VARIANT_MS=32,64,80,128 build_variants c4096 w4a16-int4-channel 4096x4096 $base
VARIANT_MS=32,64,80,128 build_variants g4096 w4a16-int4-g128 4096x4096 $base
VARIANT_MS=32,64,80,128 build_variants i4096 w8a16-int8-channel 4096x4096 $base
VARIANT_MS=32,64,128,160 build_variants c4096x11008 w4a16-int4-channel 4096x11008 $base
VARIANT_MS=100,128 build_variants c11008 w4a16-int4-channel 11008x4096 $base
VARIANT_MS=100,128 build_variants g11008 w4a16-int4-g128 11008x4096 $base
t=$((LIMIT - SECONDS - 10))
[ $t -gt 60 ] && OUT=$OUT/val HUMMING_VALIDATE_BUDGET=$((t - 20)) HUMMING_VALIDATE_ONLY=1 timeout $t \
  bash scripts/device-validate.sh wgmma > $OUT/val.log 2>&1
echo "validate rc $? $(date +%T)"; grep -E "layers_checked|\"checks\"|\"passed\"|not_run|FAILED" $OUT/val.log | tail -5
gpu_clocks
bash scripts/bundle-out.sh
