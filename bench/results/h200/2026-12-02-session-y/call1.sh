#!/bin/bash
# Session y, call 1 (main's runtime, carry ["dist"], about 5 min).
# Lead never measured: 32-column tiles (two m16 tiles of weight columns in
# the swapped 1..8-row kernel, four n8 tiles in the 9..16-row one), four
# warps along K, which give 8192 / 32 = 256 tiles: one wave of 2 CTAs per
# SM with no K split, so no split-K end (1.4-1.9 us at M = 1, section 37;
# an unsplit end costs ~0.5). Costs: a third more loop instructions per
# code byte (155 per 1 KB a warp against 241 per 2 KB), 1 KB k-blocks.
# Prediction: 8192^2 W4A16 channel M = 1 0.5-1.2 us faster (13.5 -> ~12.5),
# M = 16 0.3-1.0 faster; g128 alike; W8A16 (already unsplit) +-0.3;
# 4096^2 / 4096 x 11008 (still 2 splits instead of 4) 0-0.5 faster;
# 11008 x 4096 at 3 CTAs per SM, unsplit (344 tiles <= 396) 0.3-1.0 faster.
set -u
source scripts/runtime-env.sh
run() {  # name case shape variant...
  local name=$1 case=$2 shape=$3; shift 3
  local args=()
  for v in "$@"; do args+=(--variant "$v"); done
  OUT=$OUT/$name timeout 150 bash bench/run.sh --cases $case --shapes $shape --ms 1,4,8,16 --reps 15 --sweeps 2 --no-graph --peers /nonexistent \
    "${args[@]}" > $OUT/$name.log 2>&1
  echo "$name rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/$name.log; grep -iE "gate|error|fail" $OUT/$name.log | head -3
}
table() { bench/plan-table.sh "$@"; }
n32="1-8:8x32x64:1x1x4:s32:k1:c2:sw"; n32b="9-16:16x32x64:1x1x4:s32:k1:c2"
n16="1-8:8x32x64:1x1x4:s16:k1:c2:sw"; n16b="9-16:16x32x64:1x1x4:s16:k1:c2"
s="n=8192 k=8192 weight=int4 scale=channel target=h200"
run ch-8192 w4a16-int4-channel 8192x8192 "n32=dispatch=$(table "$s" $n32 $n32b)" "n32s16=dispatch=$(table "$s" $n16 $n16b)"
s="n=8192 k=8192 weight=int4 scale=group group_size=128 target=h200"
run g128-8192 w4a16-int4-g128 8192x8192 "n32=dispatch=$(table "$s" $n32 $n32b)"
s="n=8192 k=8192 weight=int8 scale=channel target=h200"
run w8-8192 w8a16-int8-channel 8192x8192 "n32s16=dispatch=$(table "$s" $n16 $n16b)"
s="n=4096 k=4096 weight=int4 scale=channel target=h200"
run ch-4096 w4a16-int4-channel 4096x4096 "n32k2=dispatch=$(table "$s" ${n32/k1/k2} ${n32b/k1/k2})"
s="n=11008 k=4096 weight=int4 scale=channel target=h200"
run ch-11008x4096 w4a16-int4-channel 11008x4096 "n32c3=dispatch=$(table "$s" ${n16/c2/c3} ${n16b/c2/c3})" "n32c3s32=dispatch=$(table "$s" ${n32/c2/c3} ${n32b/c2/c3})"
s="n=4096 k=11008 weight=int4 scale=channel target=h200"
run ch-4096x11008 w4a16-int4-channel 4096x11008 "n32k2=dispatch=$(table "$s" ${n32/k1/k2} ${n32b/k1/k2})"
bash scripts/bundle-out.sh
