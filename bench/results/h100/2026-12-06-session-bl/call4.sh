#!/bin/bash
# Session bl, call 4: where Humming beat us in call 3 (M = 80 and 128, past
# the issue's M <= 64), hand tables for those two entries beside the
# planner's and Humming's, in one process (the peers' cubins from call 2).
# Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT", "peers"].
# Call 3 (H100), ours / Humming: 11008 x 4096 channel M = 80 24.3 / 23.0,
# M = 128 31.5 / 27.0; g128 M = 128 31.2 / 28.3; 28672 x 4096 channel
# 48.8 / 45.8, 56.6 / 52.0; 4096^2 channel 13.9 / 13.1, 16.8 / 16.1.
# Humming runs 128 x 256 (and 80 x 256) tiles, stream-K over all SMs, a
# warp-specialized TMA pipeline, 4 stages.
# Predictions: at 11008 x 4096 M = 128 the 3-split as a cluster of 3
# (kc3: no workspace round trip) 5-10 % faster than the planner's k3 (the
# pair end was worth 0.6-3 us at M <= 64, section 95); M = 80 on 96 x 256
# kc3 (129 CTAs instead of 86) 5-15 % faster; 28672 x 4096 M = 80 on
# 96 x 256 unsplit (112 CTAs in one wave instead of 224 in 1.7) 5-10 %
# faster; 4096^2: clusters of 4 instead of workspace 4-splits 0-5 %.
set -u
LIMIT=${LIMIT:-560}
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
tar -C peers -xJf peers/humming-cache.tar.xz
sweep() {  # NAME CASE SHAPE VARIANT=ENTRIES...
  local name=$1 case=$2 shape=$3; shift 3
  local s="n=${shape%x*} k=${shape#*x} $(case_spec "$case") target=h200" v t args=()
  for v in "$@"; do
    t=$(plan_table "$s" ${v#*=}) || { echo "$name: bad '$v'"; return 1; }
    args+=(--variant "${v%%=*}=dispatch=$t")
  done
  [ $((LIMIT - SECONDS)) -gt 60 ] || { echo "$name skipped (time)"; return 0; }
  OUT=$OUT/$name timeout $((LIMIT - SECONDS - 20)) bash bench/run.sh --cases "$case" --shapes "$shape" \
    --ms 80,128 --reps 15 --sweeps 2 --no-graph --peers peers "${args[@]}" > "$OUT/$name.log" 2>&1
  echo "$name rc $? $(date +%T)"
  grep -E "^\| (humming-mlir|humming|impl) " "$OUT/$name.log"
  grep -iE "gate|excluded" "$OUT/$name.log" | head -3
}
sweep c11008 w4a16-int4-channel 11008x4096 \
  a4=97-128:128x256x64:1x4x1:s8:k3:wg:i4 c3=97-128:128x256x64:1x2x1:s6:kc3:wg \
  c3f=97-128:128x256x64:1x4x1:s8:kc3:wg:i4 n128=97-128:128x128x64:1x2x1:s8:k1:wg \
  w3=65-96:96x256x64:1x2x1:s6:k3:wg wc3=65-96:96x256x64:1x2x1:s6:kc3:wg
sweep c28672 w4a16-int4-channel 28672x4096 \
  w1=65-96:96x256x64:1x2x1:s6:k1:wg w1f=65-96:96x256x64:1x4x1:s8:k1:wg:i4 \
  t1=97-128:128x256x64:1x2x1:s6:k1:wg n128=97-128:128x128x64:1x2x1:s8:k1:wg
sweep g11008 w4a16-int4-g128 11008x4096 \
  c3=97-128:128x256x64:1x2x1:s6:kc3:wg n128=97-128:128x128x64:1x2x1:s8:k1:wg \
  w3=65-96:96x256x64:1x2x1:s6:k3:wg wc3=65-96:96x256x64:1x2x1:s6:kc3:wg
sweep c4096 w4a16-int4-channel 4096x4096 \
  wc4=65-96:96x128x64:1x2x1:s8:kc4:wg nc4=97-128:128x128x64:1x2x1:s8:kc4:wg \
  tc4=97-128:128x256x64:1x2x1:s6:kc4:wg
gpu_clocks
bash scripts/bundle-out.sh
