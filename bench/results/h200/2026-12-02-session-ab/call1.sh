#!/bin/bash
# Session ab, call 1 (main 41b4108's runtime; carry ["dist"], about 6 min).
# (1) Cold and warm JIT of one layer's kernel set on the H200 host since the
#     513+ warpgroup kernel (wC, 0.75-0.8 s alone on a 2-core machine):
#     predicted ~0.8 s cold (the set compiles in parallel; wC is the longest).
# (2) wC where the planner does not use it: 129..512 at 8192^2, and N = 4096
#     (4096^2, 4096 x 11008) at 129+. Prediction: at 8192^2 M = 256 / 512
#     wC 1.3-1.6x (64 / 128 CTAs of 128 x 256 against 128 / 256 of 128 x
#     128, the tile measured 1.6-2.0x at 512+ in session aa's call 5); at N =
#     4096 (16 N tiles) M = 256 has 32 CTAs: slower; 1024+ faster.
# (3) The planner's 513+ (wC) against the mma.sync tile at 11008 x 4096 and
#     28672 x 4096, M = 1024 / 4096 / 8192, and 8192^2 at M = 8192 (ANCHORS:
#     Humming 1428 us, cuBLAS fp16 1457; cuBLAS in the same run here).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
{
for spec in "n=8192 k=8192 weight=int4 scale=group group_size=128 target=h200" \
            "n=8192 k=8192 weight=int4 scale=channel target=h200"; do
  for i in 1 2 3; do
    rm -rf /tmp/jit-cache
    HUMMING_CACHE_DIR=/tmp/jit-cache /usr/bin/time -f "process %e s" "$HUMMING_RUN" --spec "$spec" --compile-only -q 2>&1 | grep -E 'compiled in|process'
    HUMMING_CACHE_DIR=/tmp/jit-cache "$HUMMING_RUN" --spec "$spec" --compile-only 2>&1 | grep -oE 'compiled in [0-9.]+ ms|"milliseconds": [0-9.]+' | tr '\n' ' '; echo "(warm)"
  done
  HUMMING_CACHE_DIR=/tmp/jit-cache-1 "$HUMMING_RUN" --spec "$spec" --compile-only 2>&1 | grep -oE '"kernel": "[^"]*"|"milliseconds": [0-9.]+' | paste - - 
done
} > "$OUT/jit.log" 2>&1
cat "$OUT/jit.log"
wC=128x256x64:1x2x1:s6:k1:wg
mma=128x128x64:2x4x1:s4:k1
for c in "w4a16-int4-channel:weight=int4 scale=channel" "w8a16-int8-channel:weight=int8 scale=channel"; do
  case=${c%%:*}; s="n=8192 k=8192 ${c#*:} target=h200"
  VARIANT_MS=256,512 VARIANT_REPS=10 VARIANT_TIMEOUT=100 variants mid-$case $case 8192x8192 \
    "wC=dispatch=$(plan_table "$s" 129-512:$wC)"
done
for shape in 4096x4096 4096x11008; do
  s="n=${shape%x*} k=${shape#*x} weight=int4 scale=channel target=h200"
  VARIANT_MS=256,512,1024,4096 VARIANT_REPS=10 VARIANT_TIMEOUT=120 variants n4096-$shape w4a16-int4-channel $shape \
    "wC=dispatch=$(plan_table "$s" 129-:$wC)"
done
for shape in 11008x4096 28672x4096; do
  s="n=${shape%x*} k=${shape#*x} weight=int4 scale=channel target=h200"
  VARIANT_MS=1024,4096,8192 VARIANT_REPS=10 VARIANT_TIMEOUT=150 variants big-$shape w4a16-int4-channel $shape \
    "mma=dispatch=$(plan_table "$s" 513-:$mma)"
done
VARIANT_MS=8192 VARIANT_REPS=10 VARIANT_TIMEOUT=120 variants big-8192 w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel 8192x8192
bash scripts/bundle-out.sh
