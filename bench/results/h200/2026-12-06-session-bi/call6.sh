#!/bin/bash
# For the next device session, after call5.sh (carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT"]): why the four-warpgroup 128 x 256 tile's speed depends on
# its loop depth (NOTES section 125: W8A16 channel 8192^2 257+ on an H100,
# 6 stages / 2 k-blocks an iteration 1.05-1.06x the two-warpgroup tile, 4
# stages / 2 0.99-1.02x, with the same loop in SASS; W4A16 8 stages / 4
# 0.98-1.00x). Nsight Compute at M = 4096 (hand tables), with per-SASS
# stall samples, of W8A16 four warpgroups at s6:i2 and s4:i2 and W4A16 at
# s8:i4, and the two-warpgroup tile at s6 for each code width.
# Prediction: s6:i2 differs from s4:i2 in barrier and wgmma-wait stalls
# (more stages in flight keep the copies' writes competing with the MMAs'
# shared-memory reads), not in instructions; if the shared-memory
# throughput (L1: Data Bank Reads / Writes) is the same for both, that
# reading is wrong. What it decides: whether an 8-bit four-warpgroup loop
# can reach the two-warpgroup tile's speed (the compile target's last
# 128 x 256 kernels, 376-441 ms as two warpgroups).
set -u
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
export HUMMING_PROFILE_SOURCE=1
prof() { # TAG WEIGHT ENTRY
  OUT=$OUT/$1 timeout 60 bash bench/profile.sh \
    "n=8192 k=8192 weight=$2 scale=channel target=h200 dispatch=1-:$3" 4096 > $OUT/$1.log 2>&1
  echo "$1 rc $? $(date +%T)"
  grep -E "Duration|Pipe Tensor Cycles|Data Bank|stalled_(barrier|gmma|short|long|wait)_per" \
    $OUT/$1/profile/*.txt | sed 's/  */ /g' | head -12
}
prof w8-2wg-s6 int8 128x256x64:1x2x1:s6:k1:wg
prof w8-4wg-s6i2 int8 128x256x64:1x4x1:s6:k1:wg:i2
prof w8-4wg-s4i2 int8 128x256x64:1x4x1:s4:k1:wg:i2
prof w4-2wg-s6 int4 128x256x64:1x2x1:s6:k1:wg
prof w4-4wg-s8i4 int4 128x256x64:1x4x1:s8:k1:wg:i4
gpu_clocks
bash scripts/bundle-out.sh
