#!/bin/bash
# Session bu, call 2 (after call1.sh). Carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT", "peers"] (dist/: main with the k-block retiring, NOTES
# section 138; peers/ with Humming's kernel cache, humming-cache.tar.xz).
# On an H200: the benchmark with cuBLAS, torch's int4, Marlin and Humming in
# the same run (ANCHORS.md's method), then step 2 with the time left.
# Prediction: M <= 64 as at 3e09ea81 within the spread (their kernels
# changed only in section 137's zeroing of rows past M), ours 1.13-1.66x
# the faster peer there; M = 80 / 128 2-9 % faster than at 3e09ea81
# (sections 136-137).
# Step 2 (first on any other card), variants in one process per layer:
# - 4096^2 W4A16 channel 257..512 (two warpgroups, 6 stages, the planner's)
#   against the four-warpgroup 8-stage `:i4` tile that 513+ runs, now
#   pipelined: it was 1.03-1.08x slower on such short units while
#   serialized (section 127). Prediction: equal within 2 %, or faster.
# - 28672 x 4096 W4A16 channel 161..192 (two CTAs per SM, 3 stages: C7512,
#   serialized, 44 bytes of spills) against one CTA per SM at 5 and 3
#   stages (184 registers, pipelined). Prediction: one CTA 0-10 % faster.
# Then next-rows2.sh (144 / 176-row steps, section 137's predictions) for
# W4A16 channel. DEADLINE (default 575 s from the start) caps it all.
set -u
DEADLINE=${DEADLINE:-575}
source scripts/runtime-env.sh
source bench/variants.sh
device_header
final_run_on_h200 $((DEADLINE - 150 - SECONDS))
left() { echo $((DEADLINE - SECONDS)); }
[ "$(left)" -gt 60 ] && VARIANT_TIMEOUT=$(( $(left) / 3 )) VARIANT_MS=257,320,384,512 \
  entry_variants wg4-4096 w4a16-int4-channel 4096x4096 \
  "wg4=257-512:128x256x64:1x4x1:s8:kc2:wg:i4"
[ "$(left)" -gt 60 ] && VARIANT_TIMEOUT=$(( $(left) / 2 )) VARIANT_MS=161,176,192 \
  entry_variants cta1-28672 w4a16-int4-channel 28672x4096 \
  "c1s5=161-192:192x128x64:1x2x1:s5:k1:wg" "c1s3=161-192:192x128x64:1x2x1:s3:k1:wg"
if [ "$(left)" -gt 60 ]; then
  timeout $(( $(left) - 20 )) bash bench/results/h200/2026-12-07-session-bt/next-rows2.sh \
    w4a16-int4-channel > "$OUT/rows2.log" 2>&1
  echo "rows2 rc $?"; grep -E "^==|^\| humming" "$OUT/rows2.log"
fi
gpu_clocks
bash scripts/bundle-out.sh
