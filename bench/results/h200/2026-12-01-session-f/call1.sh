#!/bin/bash
# Session f, call 1: where the 17..64 kernels' time goes. ncu with per-SASS
# stall samples for the planner's kernels at 28672 x 4096 M = 32 (wgmma, 1
# warpgroup, 2 CTAs/SM), 8192 x 8192 M = 64 (wgmma, 2 warpgroups, 2 splits)
# and M = 32 (mma.sync); then the wgmma kernels with and without the
# per-k-block fence.proxy.async (a diagnostic build from an uncommitted patch: HUMMING_DIAG_NOFENCE).
source scripts/runtime-env.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv
for a in "n=28672 k=4096:32" "n=8192 k=8192:64" "n=8192 k=8192:32"; do
  HUMMING_PROFILE_SOURCE=1 timeout 120 bash bench/profile.sh "${a%%:*} weight=int4 scale=channel target=h200" ${a##*:} 2>&1 | tail -22
done
mv peers/humming-src peers/.humming-src
for mode in fence nofence; do
  if [ $mode = nofence ]; then export HUMMING_DIAG_NOFENCE=1 HUMMING_CACHE_DIR=/tmp/hc-nofence; fi
  OUT=$OUT/$mode timeout 150 bash bench/run.sh --cases w4a16-int4-channel --shapes 28672x4096,8192x8192 --ms 32,64 --reps 12 --sweeps 1 --no-graph > $OUT/$mode.log 2>&1
  echo "== $mode"; grep -E "^\||^## " $OUT/$mode.log | head -24; grep -iE "gate|error" $OUT/$mode.log | head -5
done
mv peers/.humming-src peers/humming-src
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv
bash scripts/bundle-out.sh
