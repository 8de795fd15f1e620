#!/bin/bash
# Session bl, call 5: 58810f4's 96 x 256 tile at 65..96 rows (unsplit, where
# the 128-column tiles take two waves). Carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT", "dist/base"] (dist/base: 0afff02, the planner before).
# 1. humming-run's reference check (every output element) of the changed
#    layers at odd M in the range: 28672 x 4096, 18944 x 3584, 22016 x 4096
#    and 57344 x 8192, channel / g128 / int8, and g64, e2m1 g32 at 28672.
#    Prediction: all pass.
# 2. Both builds in one process at M = 72 / 88 / 96 (build_variants).
#    Prediction: 28672 x 4096 channel 8-12 % faster (call 4: 42.1 against
#    47.1 at M = 80), g128 and int8 5-12 %; 18944 x 3584 (74 tiles against
#    148) 5-10 %; 57344 x 8192 (2 waves against 4) 5-10 %.
set -u
LIMIT=${LIMIT:-560}
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
for s in "28672 4096" "18944 3584" "22016 4096" "57344 8192"; do
  set -- $s
  for c in "weight=int4 scale=channel" "weight=int4 scale=group group_size=128" "weight=int8 scale=channel"; do
    echo "65,81,96 n=$1 k=$2 activation=float16 $c target=h200"
  done
done > /tmp/layers.txt
echo "65,77,96 n=28672 k=4096 activation=float16 weight=uint4 scale=group group_size=64 target=h200" >> /tmp/layers.txt
echo "67,96 n=28672 k=4096 activation=bfloat16 weight=float4e2m1 scale=group group_size=32 target=h200" >> /tmp/layers.txt
bash scripts/check-layers.sh < /tmp/layers.txt > "$OUT/check-layers.txt" 2>&1; echo "check rc $? $(date +%T)"
tail -1 "$OUT/check-layers.txt"; grep -E "FAIL|error" "$OUT/check-layers.txt" | head -5
export VARIANT_MS=72,88,96 VARIANT_REPS=10 VARIANT_SWEEPS=2 VARIANT_TIMEOUT=120
for x in "c28672 w4a16-int4-channel 28672x4096" "g28672 w4a16-int4-g128 28672x4096" \
         "i28672 w8a16-int8-channel 28672x4096" "c18944 w4a16-int4-channel 18944x3584" \
         "i18944 w8a16-int8-channel 18944x3584" "c57344 w4a16-int4-channel 57344x8192" \
         "i57344 w8a16-int8-channel 57344x8192" "g18944 w4a16-int4-g128 18944x3584" \
         "c22016 w4a16-int4-channel 22016x4096"; do
  [ $((LIMIT - SECONDS)) -gt 60 ] || { echo "stop: time"; break; }
  set -- $x
  build_variants $1 $2 $3 base=dist/base/humming-runtime.tar.xz
done
gpu_clocks
bash scripts/bundle-out.sh
