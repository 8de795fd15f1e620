#!/bin/bash
# Session bq, call 2 (the same machine as call 1), dist/ at the staged
# wgmma epilogue, dist/base/ at main before it (f7da3f9c's kernels, built
# at 5972419d: ptx-compare finds them the same). Both builds' planner
# tables in one process (--library), Humming and Marlin beside, M from
# 17 (the first wgmma rows) to 256. Carry as call 1.
# Prediction: at 97..256 rows (64 accumulators or more a thread, the
# 2-byte stores were 7 % of the split end's stall samples at 11008 x 4096
# M = 128) the new build 2-5 % faster; at 17..64 rows (16-32
# accumulators, half of them per cluster CTA) within +-1 %.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
[ -d peers/humming-cache ] || tar -C peers -xJf peers/humming-cache.tar.xz
base=$(unpack_runtime dist/base/humming-runtime.tar.xz /tmp/base-rt)
for nk in 8192x8192 11008x4096; do
  OUT=$OUT/b$nk timeout 270 bash bench/run.sh --cases w4a16-int4-channel,w8a16-int8-channel \
    --shapes "$nk" --ms 17,32,48,64,96,128,192,256 --reps 15 --sweeps 2 --no-graph \
    --peers peers --library "base=$base" > "$OUT/b$nk.log" 2>&1
  echo "b$nk rc $? $(date +%T)"
  grep -E "^## |^\| (humming|impl)" "$OUT/b$nk.log"
  grep -iE "gate|excluded|error" "$OUT/b$nk.log" | head -3
done
gpu_clocks
bash scripts/bundle-out.sh
