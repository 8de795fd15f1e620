#!/bin/bash
# Session o, call 9 (a14512b's runtime): call 8's two W8A16 winners at the
# other shapes, once: 4 warps along K only (8192^2's k4) at 4096^2 and
# 4096 x 11008; 2 CTAs per SM of unsplit narrow tiles (11008 x 4096's
# n64c2) at 28672 x 4096 (8 x 128, 224 tiles on 264 slots).
source scripts/runtime-env.sh
RS="9-16:16x64x64:1x2x4:s16:k2,17-32:32x128x64:1x2x1:s12:k4:wg,33-64:64x128x64:1x2x1:s12:k4:wg,65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1"
RW="9-16:16x256x64:1x4x2:s8:k1,17-32:32x256x64:1x8x1:s8:k1,33-64:64x128x64:1x1x1:s6:k1:c2:wg,65-:128x128x64:2x2x1:s4:k1"
run() { # name shape variant...
  n=$1 s=$2; shift 2
  OUT=$OUT/$n timeout 80 bash bench/run.sh --cases w8a16-int8-channel --shapes $s --ms 1,8 --reps 15 --sweeps 2 --no-graph "$@" > $OUT/$n.log 2>&1
  echo "$n rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/$n.log; grep -iE "gate|error" $OUT/$n.log | head -3
}
run sq 4096x4096 --variant "k4=dispatch=1-8:8x64x64:1x1x4:s16:k2:sw,$RS"
run deep 4096x11008 --variant "k4=dispatch=1-8:8x64x64:1x1x4:s16:k2:sw,$RS"
run wide 28672x4096 --variant "n128c2=dispatch=1-8:8x128x64:1x4x2:s12:k1:c2:sw,$RW" --variant "n128c2w4=dispatch=1-8:8x128x64:1x2x2:s12:k1:c2:sw,$RW"
bash scripts/bundle-out.sh
