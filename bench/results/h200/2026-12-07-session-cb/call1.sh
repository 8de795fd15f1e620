#!/bin/bash
# Session cb's call, for whichever card comes (name nvidia-h200, either
# card). Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT", "peers"];
# dist/ built at main's tip (scripts/build-static.sh), whose sm_90a kernels
# are 71dd13b7's (scripts/ptx-compare.py).
# - On an H200: session bw's next-call.sh (the final run at the tip with
#   both peers, then the 224-row A / B), its predictions there.
# - Elsewhere: Turing's kernels (sm_75: stages copied through registers,
#   two m16n8k8 per k16 step) on this GPU through the driver's PTX JIT:
#   device-validate.sh with the smoke, shapes and models tiers at sm_75
#   (the planner's t4 tables, every range's ends, NaN-poisoned outputs
#   checked against the reference), then its JIT runs of sm_75 / 80 / 86 /
#   89 PTX, memcheck (two sm_75 layers among them, one with K = 1000) and
#   the Python tests. Prediction: all pass (no kernel of this change was
#   run on a GPU before: the risk is the register copies' ordering).
set -u
case "$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)" in
  *H200*) exec bash bench/results/h200/2026-12-07-session-bw/next-call.sh ;;
esac
source scripts/runtime-env.sh
source bench/variants.sh
device_header
mkdir -p "$OUT/suite"
OUT=$OUT/suite HUMMING_VALIDATE_BUDGET=$((${DEADLINE:-560} - 230 - SECONDS)) \
  timeout $((${DEADLINE:-560} - 15 - SECONDS)) \
  bash scripts/device-validate.sh smoke@sm_75 shapes@sm_75 models@sm_75 > "$OUT/suite.log" 2>&1
echo "suite rc $?"; tail -30 "$OUT/suite.log"
rm -f "$OUT"/suite/shards/*.json
xz -9 "$OUT"/suite/validation-merged.json "$OUT"/suite/validate.txt 2>/dev/null
gpu_clocks
bash scripts/bundle-out.sh
