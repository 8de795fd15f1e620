#!/bin/bash
# Session aa, call 2 (this commit's runtime in dist/, 34d0c41's in dist/base/;
# carry ["dist"], about 5 min). No kernel change.
# Section 62's open question: W8A16 8192^2 at M = 1024 ran 5-7 % slower
# after the half-apart code layout (dec3150) than before it (34d0c41's
# runtime, 23a31b7's kernels), 2 rounds each (421.0, 409.3 -> 444.1, 438.7
# us), within the 6 % the base's own rounds differed by elsewhere. The
# 129+ kernel (128 x 128 tiles, 2 x 2 whole-tile warps) reads the same
# loads either way, its loop 361 -> 367 instructions (6 IMAD of addresses).
# Here 4 rounds each, M = 128 / 512 / 1024, W8A16 and (control, whose
# codes' loads did not change shape) W4A16 channel.
# Prediction: a real but small loss, W8A16 M = 1024 2-5 % slower in every
# round pair, M = 128 within 2 %; W4A16 within the rounds' spread.
set -u
source scripts/runtime-env.sh
OUT=$OUT/ab timeout 540 bash bench/ab.sh dist/base/humming-runtime.tar.xz 4 --cases w8a16-int8-channel,w4a16-int4-channel --shapes 8192x8192 --ms 128,512,1024 --reps 12 --sweeps 1 --no-graph --peers /nonexistent > $OUT/ab.log 2>&1
echo "ab rc $?"; grep -v "^$" $OUT/ab.log | grep -v "^Date" | head -80
bash scripts/bundle-out.sh
