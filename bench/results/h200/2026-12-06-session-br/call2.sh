#!/bin/bash
# Session br, call 2 (after call 1 on the same machine). The GPU suite's
# smoke and models tiers (on an H200 the two-CTA tiles of section 131 have
# not run yet), then on an H100 nothing else, on an H200 bq's new-against-
# base check (call5.sh's second half). Prediction: all pass.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
nvidia-smi --query-gpu=name --format=csv,noheader
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=220 HUMMING_VALIDATE_ONLY=1 timeout 250 \
  bash scripts/device-validate.sh smoke models > $OUT/val.log 2>&1
echo "validate rc $? $(date +%T)"; tail -8 $OUT/val.log
case "$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)" in
  *H200*)
    base=$(unpack_runtime dist/base/humming-runtime.tar.xz /tmp/base-rt)
    OUT=$OUT/ab timeout 150 bash bench/run.sh --cases w8a16-int8-channel,w4a16-int4-channel \
      --shapes 8192x8192 --ms 17,64,96,128,256 --reps 15 --sweeps 2 --no-graph --peers none \
      --library "base=$base" > "$OUT/ab.log" 2>&1
    echo "ab rc $? $(date +%T)"
    grep -E "^## |^\| (humming|impl)" "$OUT/ab.log" ;;
esac
gpu_clocks
bash scripts/bundle-out.sh
