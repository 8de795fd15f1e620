#!/bin/bash
# Session l, call 9b (the same experiment build as call 9, run as one
# command line): A B A B at 11008 x 4096 and 4096 x 11008, W4A16 channel,
# M = 32 / 64; separate kernel caches per variant. Each pass overwrote the
# previous one's logs; call9b/results.txt has all four tables.
source scripts/runtime-env.sh; for x in 0 1 0 1; do HUMMING_EXP_CODES_FIRST=$x HUMMING_CACHE_DIR=/tmp/hc-$x OUT=$OUT/r$x timeout 60 bash bench/run.sh --reps 15 --sweeps 2 --no-graph --cases w4a16-int4-channel --shapes 11008x4096,4096x11008 --ms 32,64 > $OUT/r$x.log 2>&1; echo "== codes first $x"; grep -E "^## |^\| humming-mlir \|" $OUT/r$x.log; done
