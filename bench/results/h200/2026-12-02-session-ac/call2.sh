#!/bin/bash
# Session ac, call 2 (19cedf7's runtime: cluster K splits reduced by every
# CTA of the cluster; carry ["dist"]). Call 1 (stream-K over wC) measured
# that wC's K splits cost ~9-16 us a tile over what their k-blocks take
# (section 67's table: 4096^2 M = 128 k1 50.6 -> k8 24.1, where 8 k-blocks
# take ~6), and the cluster pair no less than the workspace: one CTA reads
# and stores the whole 128 x 256 tile's sums at one SM's bandwidth. Now
# every CTA of a cluster reduces 1/S of the tile. Variants at M = 128 / 200
# / 256 (planner = main's splits through the workspace, kc2 where it took
# them, now reduced by both CTAs):
#   4096^2, 4096 x 11008:  kc = 65-128 kc8, 129-256 kc4;  kcb = kc4 / kc2
#   8192^2:                kc = 65-128 kc4, 129-256 kc2;  kw = k4 / k2
#   11008 x 4096:          kc = 65-128 kc3;  kcb = kc2 (86 units); plus
#                          M = 32 / 64 with the planner's 17..64 kc2 as k2
# Predictions (us, W4A16 channel): 4096^2 M = 128 24.4 -> ~16 (kc8), M =
# 256 ~27 -> ~19 (kc4); 8192^2 M = 128 41.6 -> ~33 (kc4); 4096 x 11008 M =
# 128 36 -> ~28; 11008 M = 128 32.5 -> ~28 if 43 clusters of 3 fit at
# once, else slower (a second wave). The M <= 64 kc2 kernels (64 x 64
# tiles, 16 KB of sums): within 0.3 of k2.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
# Correctness first: every hand table with cluster splits (mma.sync with
# warps along K, swapped, narrow, wgmma small tiles, wC kc2, wC kc8 / kc3)
# and the planner's tables at the five shapes.
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=170 HUMMING_VALIDATE_ONLY=1 bash scripts/device-validate.sh \
  tiles:5 swapped:1 narrow:2 wgmma:5 wgmma:7 wgmma:8 shapes > "$OUT/val.log" 2>&1
tail -6 "$OUT/val.log"
w=128x256x64:1x2x1:s6
small() { bash bench/plan-table.sh "$1" | tr ',' '\n' | awk -F'[-:]' '$2 != "" && $2 <= 64' | paste -sd, -; }
run() { # shape case variants...
  local shape=$1 case=$2; shift 2
  VARIANT_MS=${MS:-128,200,256} VARIANT_REPS=10 VARIANT_TIMEOUT=60 variants kc-$shape-$case $case $shape "$@"
}
fmt() { case $1 in
  w4a16-int4-channel) echo "weight=int4 scale=channel" ;;
  w4a16-int4-g128) echo "weight=int4 scale=group group_size=128" ;;
  w8a16-int8-channel) echo "weight=int8 scale=channel" ;; esac; }
for sc in 4096x4096:w4a16-int4-channel 4096x11008:w4a16-int4-channel 4096x4096:w8a16-int8-channel; do
  shape=${sc%%:*}; case=${sc#*:}; h=$(small "n=${shape%x*} k=${shape#*x} $(fmt $case) target=h200")
  run $shape $case "kc=dispatch=$h,65-128:$w:kc8:wg,129-256:$w:kc4:wg,257-:$w:k1:wg" \
    "kcb=dispatch=$h,65-128:$w:kc4:wg,129-256:$w:kc2:wg,257-:$w:k1:wg"
done
for sc in 8192x8192:w4a16-int4-channel 8192x8192:w4a16-int4-g128; do
  shape=${sc%%:*}; case=${sc#*:}; h=$(small "n=${shape%x*} k=${shape#*x} $(fmt $case) target=h200")
  run $shape $case "kc=dispatch=$h,65-128:$w:kc4:wg,129-256:$w:kc2:wg,257-:$w:k1:wg" \
    "kw=dispatch=$h,65-128:$w:k4:wg,129-256:$w:k2:wg,257-:$w:k1:wg"
done
shape=11008x4096; case=w4a16-int4-channel; h=$(small "n=11008 k=4096 $(fmt $case) target=h200")
MS=32,64,128,200 run $shape $case "kc=dispatch=$h,65-128:$w:kc3:wg,129-:$w:k1:wg" \
  "kcb=dispatch=$h,65-128:$w:kc2:wg,129-:$w:k1:wg" \
  "k2=dispatch=${h//kc2/k2},65-128:$w:k3:wg,129-:$w:k1:wg"
bash scripts/bundle-out.sh
