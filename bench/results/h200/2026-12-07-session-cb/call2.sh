#!/bin/bash
# Session cb's second call (name nvidia-h200, either card); carry as call1.
# - On an H200: session bw's next-call.sh (the final run at the tip).
# - Elsewhere: the formats tier at sm_75 (every legal weight format with f16
#   activations, channel and group 32 / 64 / 128 scales, no / integer /
#   float zero points, at 1000 x 1024, M = 1 .. 4096) through the driver's
#   PTX JIT, under a budget (DEADLINE, default 300 s); the results say what
#   was covered. Prediction: all pass, as call 1's 43 layers did.
set -u
case "$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)" in
  *H200*) exec bash bench/results/h200/2026-12-07-session-bw/next-call.sh ;;
esac
source scripts/runtime-env.sh
source bench/variants.sh
device_header
mkdir -p "$OUT/suite"
OUT=$OUT/suite HUMMING_VALIDATE_ONLY=1 \
  HUMMING_VALIDATE_BUDGET=$((${DEADLINE:-300} - 40 - SECONDS)) \
  timeout $((${DEADLINE:-300} - 10 - SECONDS)) \
  bash scripts/device-validate.sh formats@sm_75 > "$OUT/suite.log" 2>&1
echo "suite rc $?"; tail -25 "$OUT/suite.log"
rm -f "$OUT"/suite/shards/*.json
xz -9 "$OUT"/suite/validation-merged.json "$OUT"/suite/validate.txt 2>/dev/null
gpu_clocks
bash scripts/bundle-out.sh
