#!/bin/bash
# Session bm, call 4: the K splits of a wgmma tile sharing their tile's
# reduction through the workspace (branch exp/shared-split-end, ae01c0fc;
# dist/base/ = main d6ccb979). Carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT", "dist/base"].
# 1. humming-run's reference check of call4-layers.txt (the planner's
#    workspace-split tiles at 4096^2, 4096 x 11008, 11008 x 4096 over
#    channel / g128 / int8 / bf16 / e2m1 / zero points / bias, and hand
#    tables: 3, 4, 5 and 8 splits, persistent loops of several units a CTA,
#    odd N); memcheck of two; the suite's wgmma and partitions tiers.
#    Prediction: all pass, no hang.
# 2. Both builds in one process (new / base), M = 32 / 64 / 80 / 128 (and
#    100 at 11008 x 4096). Prediction from the end's model (the last CTA
#    reads S x the tile's partials at one SM's bandwidth, 1.28 us per 128
#    KB; now each CTA reads S x 1/S): 4096^2 M = 32 / 64 / 80 / 128 0.2-0.5
#    / 0.5-1.0 / 0.6-1.3 / 1.0-2.0 us faster, 4096 x 11008 alike, 11008 x
#    4096 M = 128 (3 splits of 128 x 256) 1.5-3 us faster.
set -u
LIMIT=${LIMIT:-570}
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
R=bench/results/h100/2026-12-06-session-bm
check_layers check $R/call4-layers.txt 120
memcheck_layers check $R/call4-layers.txt 7 10
t=$((LIMIT - SECONDS - 330))
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=$((t - 20)) HUMMING_VALIDATE_ONLY=1 timeout $t \
  bash scripts/device-validate.sh wgmma partitions > $OUT/val.log 2>&1
echo "validate rc $? $(date +%T)"; grep -E "layers_checked|\"checks\"|\"passed\"|FAILED" $OUT/val.log | tail -4
export VARIANT_REPS=10 VARIANT_SWEEPS=2 VARIANT_TIMEOUT=60
base=base=dist/base/humming-runtime.tar.xz
VARIANT_MS=32,64,80,128 build_variants c4096 w4a16-int4-channel 4096x4096 $base
VARIANT_MS=32,64,80,128 build_variants g4096 w4a16-int4-g128 4096x4096 $base
VARIANT_MS=32,64,80,128 build_variants i4096 w8a16-int8-channel 4096x4096 $base
VARIANT_MS=32,64,128,160 build_variants c4096x11008 w4a16-int4-channel 4096x11008 $base
VARIANT_MS=100,128 build_variants c11008 w4a16-int4-channel 11008x4096 $base
VARIANT_MS=100,128 build_variants i11008 w8a16-int8-channel 11008x4096 $base
gpu_clocks
bash scripts/bundle-out.sh
