#!/bin/bash
# Session p, call 8 (0da371f's runtime), the device time's last minutes:
# leads for the next session from section 41. (1) 9..16 rows of 4-bit
# channel codes at N = 4096 on the same 2-CTA 64-column tile of 2 x 2
# warps (4 splits) instead of one CTA of 16 x 128 (4 x 2 warps, 4 splits),
# M = 9 / 12 / 16. (2) g128 at 4096 x 8192 (32 k-blocks a split, between
# 4096^2's 16 that won and 4096 x 11008's 43 that lost), 1..8 on that tile.
# One run each (2 sweeps x 15); prediction: (1) 0.1-0.4 us faster, like
# 1..8; (2) unknown, the point is where g128's win turns.
source scripts/runtime-env.sh
v() { # "<range prefix>" "<entry>" "<spec>": the planner's table with that entry replaced
  bench/plan-table.sh "$3 target=h200" | python3 -c '
import sys
pre, new = sys.argv[1], sys.argv[2]
print(",".join(new if e.startswith(pre) else e for e in sys.stdin.read().strip().split(",")))' "$1" "$2"; }
run() { # name case shape ms spec prefix entry
  OUT=$OUT/$1 timeout 55 bash bench/run.sh --cases $2 --shapes $3 --ms $4 --reps 15 --sweeps 2 --no-graph \
    --variant "v=dispatch=$(v "$6" "$7" "$5")" > $OUT/$1.log 2>&1
  echo "$1 rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/$1.log; grep -iE "gate|error" $OUT/$1.log | head -3
}
run ch4096 w4a16-int4-channel 4096x4096 9,12,16 "n=4096 k=4096 weight=int4 scale=channel" "9-16:" "9-16:16x64x64:1x2x2:s16:k4:c2"
run ch4096x11008 w4a16-int4-channel 4096x11008 9,12,16 "n=4096 k=11008 weight=int4 scale=channel" "9-16:" "9-16:16x64x64:1x2x2:s16:k4:c2"
run g4096x8192 w4a16-int4-g128 4096x8192 1,4,8 "n=4096 k=8192 weight=int4 scale=group group_size=128" "1-8:" "1-8:8x64x64:1x2x2:s16:k4:c2:sw"
bash scripts/bundle-out.sh
