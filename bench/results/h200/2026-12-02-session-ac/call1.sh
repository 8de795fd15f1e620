#!/bin/bash
# Session ac, call 1 (main 67cfee7's runtime + this call's validation table;
# carry ["dist"]). Section 67 left wC's 65..512 ranges with K splits whose
# units quantize badly where N / 256 x M tiles is far from 132 (11008 x 4096
# M = 512: 172 units, two waves; M = 256: 86 units, k2 172). Stream-K over
# wC units (`sk`, built and validated for small wgmma tiles only) gives
# every CTA the same k-block share. Variants of one 65..1024 entry:
#   sk   wC (s6, 2 k-blocks per iteration) stream-K, wC k1 from 1025
#   sk5  the same with 5 stages (1 k-block per iteration: ptxas 155-220 ms
#        against 272-335 on the 2-core machine), wC s5 k1 from 1025
# Predictions (us): 11008 x 4096 W4A16 M = 256 / 512: planner ~59 / ~117,
# sk ~40 / ~80; 8192^2 M = 128 / 256 / 512: within 5 % of the planner
# (the planner's splits already fill the SMs); 4096^2 M = 128..512: within
# 10 %. M = 2048: sk5's k1 s5 tile 0-10 % slower than s6 (one wgmma drain
# and barrier per k-block instead of per two).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
# Correctness first: the wgmma tier's new last table (stream-K wC, s5 wC).
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=110 HUMMING_VALIDATE_ONLY=1 bash scripts/device-validate.sh wgmma:-1 > "$OUT/val.log" 2>&1
tail -8 "$OUT/val.log"
w6=128x256x64:1x2x1:s6
w5=128x256x64:1x2x1:s5
small() { bash bench/plan-table.sh "$1" | tr ',' '\n' | awk -F'[-:]' '$2 != "" && $2 <= 64' | paste -sd, -; }
for sc in 11008x4096:w4a16-int4-channel 8192x8192:w4a16-int4-channel 4096x4096:w4a16-int4-channel \
          4096x11008:w4a16-int4-channel 28672x4096:w4a16-int4-channel \
          11008x4096:w4a16-int4-g128 11008x4096:w8a16-int8-channel; do
  shape=${sc%%:*}; case=${sc#*:}
  case $case in
    w4a16-int4-channel) fmt="weight=int4 scale=channel" ;;
    w4a16-int4-g128) fmt="weight=int4 scale=group group_size=128" ;;
    w8a16-int8-channel) fmt="weight=int8 scale=channel" ;;
  esac
  s="n=${shape%x*} k=${shape#*x} $fmt target=h200"
  head=$(small "$s")
  VARIANT_MS=128,256,512,1024,2048 VARIANT_REPS=10 VARIANT_TIMEOUT=70 variants sk-$shape-$case $case $shape \
    "sk=dispatch=$head,65-1024:$w6:sk:wg,1025-:$w6:k1:wg" \
    "sk5=dispatch=$head,65-1024:$w5:sk:wg,1025-:$w5:k1:wg"
done
bash scripts/bundle-out.sh
