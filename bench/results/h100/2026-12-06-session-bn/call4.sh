#!/bin/bash
# Session bn, call 4: the planner's two-CTA rule (d5624f4a) against the
# build before it (dist/base = d855ce63) in one process at the cells it
# changes; the rule's kernels checked against the reference; g128 with the
# scales in the B fragment on the same two-CTA tiles; 28672 x 4096 with
# Humming and Marlin in the same run. Carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT", "dist/base", "peers"].
# Predictions: measured cells as call 3 (28672 x 4096 5-15 % faster);
# unmeasured ones (22016 x 4096 and 18944 x 3584 at 65..96 and 129..192,
# 37888 x 3584 97..128, 57344 x 8192 65..96 and 129..192) 0-15 % faster,
# none slower by more than 2 %; g128 :bf two-CTA tiles within 5 % of the
# four-warpgroup :bf tiles; Humming behind ours at 28672 x 4096 M = 80 / 128.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
D=bench/results/h100/2026-12-06-session-bn
check_layers call4-layers $D/call4-layers.txt 240
memcheck_layers call4-layers $D/call4-layers.txt 4
export VARIANT_REPS=10 VARIANT_SWEEPS=2 VARIANT_TIMEOUT=150
B=base=dist/base/humming-runtime.tar.xz
VARIANT_MS=80,96,128,160,192 build_variants ab22016 w4a16-int4-channel 22016x4096 $B
VARIANT_MS=80,96,128,160,192 build_variants ab18944 w4a16-int4-channel 18944x3584 $B
VARIANT_MS=100,128 build_variants ab37888 w4a16-int4-channel 37888x3584 $B
VARIANT_MS=80,128,192 build_variants ab57344 w4a16-int4-channel 57344x8192 $B
VARIANT_MS=80,128,192 entry_variants g28672 w4a16-int4-g128 28672x4096 \
  "bf=65-96:96x128x64:1x2x1:s4:k1:c2:wg:bf 97-128:128x128x64:1x2x1:s4:k1:c2:wg:bf 129-192:192x128x64:1x2x1:s3:k1:c2:wg:bf"
FINAL_TIMEOUT=200 final_run --shapes 28672x4096 --cases w4a16-int4-channel,w4a16-int4-g128 --ms 64,80,128 --reps 20
gpu_clocks
bash scripts/bundle-out.sh
