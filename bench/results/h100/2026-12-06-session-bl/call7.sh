#!/bin/bash
# Session bl, call 7: the four-warpgroup 96 x 256 kernels of the commit
# after call 6 (4-bit groups of up to 128 with the scales in the B
# fragment; 4-bit channel on 64+ k-blocks a CTA) on the formats call 6's
# gate did not reach: g64, bf16 e2m1 g32, bf16 g128, integer and float
# zero points, channel with bias, at odd M of 65..96. humming-run checks
# every output element. Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT"].
# Prediction: all pass.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
bash scripts/check-layers.sh < bench/results/h100/2026-12-06-session-bl/call7-layers.txt \
  > "$OUT/check-layers.txt" 2>&1; echo "check rc $? $(date +%T)"
tail -1 "$OUT/check-layers.txt"; grep -E "FAIL|error" "$OUT/check-layers.txt" | head -5
bash scripts/bundle-out.sh
