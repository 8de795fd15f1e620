#!/bin/bash
# Session ac, call 6 (010e96c's runtime; carry ["dist"]; ~2 min): section
# 68's lead, the 128 x 128 warpgroup tile (wA: two warpgroups of one weight
# tile, 8 stages, 64 KB of sums a tile, twice the tiles of wC) at 65..256
# rows, W4A16 channel, against the planner's wC:
#   a  wA with its splits as clusters where they fit (4096^2 and 4096 x
#      11008: 3 at 65..128, 2 at 129..256; 8192^2: 2 / none; 11008: none)
#   b  wA with the same split counts through the workspace
# Prediction (us): 4096^2 M = 128 20.7 -> ~16 (a), 8192^2 M = 128 40.9 ->
# ~33 (a), 4096 x 11008 M = 128 35 -> ~33; M = 256 within 10 % of wC.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
A=128x128x64:1x2x1:s8
W=128x256x64:1x2x1:s6
small() { bash bench/plan-table.sh "$1" | tr ',' '\n' | awk -F'[-:]' '$2 != "" && $2 <= 64' | paste -sd, -; }
v() { # shape a128 a256 b128 b256
  local shape=$1; h=$(small "n=${shape%x*} k=${shape#*x} weight=int4 scale=channel target=h200")
  local args=("a=dispatch=$h,65-128:$A:$2:wg,129-256:$A:$3:wg,257-:$W:k1:wg")
  [ -n "${4:-}" ] && args+=("b=dispatch=$h,65-128:$A:$4:wg,129-256:$A:$5:wg,257-:$W:k1:wg")
  VARIANT_MS=128,256 VARIANT_REPS=10 VARIANT_TIMEOUT=45 variants wa-$shape w4a16-int4-channel $shape "${args[@]}"
}
v 4096x4096 kc3 kc2 k4 k2
v 8192x8192 kc2 k1 k2 k1
v 4096x11008 kc3 kc2 k4 k2
v 11008x4096 k1 k1
bash scripts/bundle-out.sh
