#!/bin/bash
# Session aq, call 6 (carry ["dist"]; dist = c857531, dist/base = 0b5675b).
# Why the late refill took 4.7 us off g128 8192^2 at M = 128 (35.9 -> 31.2,
# section 94): ncu on the planner's 97..128-row kernel, both builds, cold L2,
# clocks left alone. Prediction: the same instruction count within 10 %,
# the new kernel's tensor pipe busier and fewer samples on the iteration's
# copy wait and barrier (its MMAs start before the copies are issued).
set -u
source scripts/runtime-env.sh
mkdir -p /tmp/base-rt && tar -C /tmp/base-rt -xJf dist/base/humming-runtime.tar.xz
s="n=8192 k=8192 weight=int4 scale=group group_size=128 target=h200"
date +%T
HUMMING_CACHE_DIR=/tmp/c6-new OUT=$OUT/new timeout 80 bash bench/profile.sh "$s" 128 > "$OUT/profile-new.txt" 2>&1
echo "new rc $?"
HUMMING_LIBRARY=/tmp/base-rt/humming-runtime/lib/libHummingRuntime.so HUMMING_COMMIT=0b5675b \
  HUMMING_CACHE_DIR=/tmp/c6-base OUT=$OUT/base timeout 80 bash bench/profile.sh "$s" 128 > "$OUT/profile-base.txt" 2>&1
echo "base rc $?"
date +%T
bash scripts/bundle-out.sh
