#!/bin/bash
# Session t, call 5: call 4's timing step (its guard took the validation's
# "REPACK SAME" lines for failures; the validation passed: 336 layers, 3878
# checks, sanitizer 0 errors, the workspace stress, 46 pytest).
set -u
timeout 400 bash bench/ab.sh dist/base/humming-runtime.tar.xz 2 --cases w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel \
  --shapes 8192x8192,4096x4096,4096x11008 --ms 1,8,16,32,64 --reps 15 --sweeps 2 --no-graph > $OUT/ab.log 2>&1
echo "ab rc $?"; cat $OUT/ab.log | grep -v '^$' | head -90
bash scripts/bundle-out.sh
