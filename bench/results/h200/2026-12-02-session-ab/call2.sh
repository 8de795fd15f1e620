#!/bin/bash
# Session ab, call 2 (main 41b4108's runtime; carry ["dist"], about 7 min).
# Call 1: at 129..512 the planner's mma.sync 128 x 128 tile and wC (128 x
# 256 warpgroup tile, k1) take the same time per wave, and cuBLAS fp16 is
# 2x faster than both at 4096^2 M = 256 / 512 (21.8 / 26.3 against 52):
# wC leaves SMs idle there (4096^2 M = 512: 64 CTAs on 132 SMs). Variants
# of one 65..512 entry (the planner's M <= 64 entries, wC at 513+), at M =
# 128 / 256 / 512, five shapes:
#   k1  wC, no split         k2 / k4  wC, 2 / 4 K splits (workspace end)
#   kc2 wC, 2 splits as a cluster pair (shared-memory end), where M = 512's
#       units fit at once;  k8 at N = 4096
# Prediction: where ceil(M/128) x ceil(N/256) x splits comes closest to 132
# from below the split variant wins, near linearly in the SMs it fills:
# 4096^2 M = 256: k4 (128 CTAs) ~2.5x k1 (32); M = 512 k2 ~1.8x. 8192^2 M =
# 128 k4 (128 CTAs) against the planner's mma.sync 64 us: ~30 us.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
wC=128x256x64:1x2x1:s6
small() { bash bench/plan-table.sh "$1" | tr ',' '\n' | awk -F'[-:]' '$2 != "" && $2 <= 64' | paste -sd, -; }
for shape in 4096x4096 8192x8192 11008x4096 4096x11008 28672x4096; do
  for c in "w4a16-int4-channel:weight=int4 scale=channel" "w8a16-int8-channel:weight=int8 scale=channel"; do
    case=${c%%:*}; s="n=${shape%x*} k=${shape#*x} ${c#*:} target=h200"
    head=$(small "$s")
    args=()
    vs="k1 k2 k4"
    # A cluster pair needs all of M = 512's units resident at once.
    n=${shape%x*}; [ $(( 4 * ((n + 255) / 256) * 2 )) -le 132 ] && vs="$vs kc2"
    # N = 4096: 16 tiles at M = 128, 8 splits fill 128 SMs.
    [ "$n" = 4096 ] && vs="$vs k8"
    for v in $vs; do
      args+=("$v=dispatch=$head,65-512:$wC:$v:wg,513-:$wC:k1:wg")
    done
    VARIANT_MS=128,256,512 VARIANT_REPS=10 VARIANT_TIMEOUT=120 variants mid-$shape-$case $case $shape "${args[@]}"
  done
done
# The split and cluster-pair forms of wC at odd shapes (the wgmma tier's new
# last table), correctness only.
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=120 HUMMING_VALIDATE_ONLY=1 bash scripts/device-validate.sh wgmma:-1 > "$OUT/val.log" 2>&1
tail -25 "$OUT/val.log"
bash scripts/bundle-out.sh
