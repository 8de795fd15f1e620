#!/bin/bash
# Session s, call 2 (same runtime as call 1; carry ["dist"]; about 3 min).
# Call 1: (a) 8192^2 W8A16 1..8 with 4 warps along K over whole 64-column
# tiles (8x64x64:1x1x4:s16:k1:sw) 21.0 / 20.9 / 20.9 against the planner's
# 21.3 / 21.2 / 21.4, the third run in a row 0.2-0.5 faster; (b) 4096 x
# 11008 1..8 on the narrow 2-CTA tile (4 splits) 16.6 against 16.9-17.2.
# Here, before a planner change:
#   8192^2: the k4 variant a fourth time, with the 9..16 entry on the same
#   warp grid (16x64x64:1x1x4:s16:k1) as a second variant.
#   4096 x 11008: (b) again, 1..8 only. Both runs twice, in turn.
# Prediction: k4 0.2-0.4 faster at 1..8, 9..16 the same (its loop has the
# 16-row MMAs, section 39 measured 1x1x4 only swapped); (b) 0.3 faster.
source scripts/runtime-env.sh
run() { # name case shape ms variants...
  local name=$1 case=$2 shape=$3 ms=$4; shift 4
  OUT=$OUT/$name timeout 120 bash bench/run.sh --cases $case --shapes $shape --ms $ms --reps 15 --sweeps 2 --no-graph "$@" > $OUT/$name.log 2>&1
  echo "$name rc $?"; grep -E "^\| (humming-mlir|impl|cublas-fp16)" $OUT/$name.log; grep -iE "gate|error" $OUT/$name.log | head -3
}
case=w8a16-int8-channel; w=int8
for rep in 1 2; do
  spec="n=8192 k=8192 weight=$w scale=channel target=h200"
  run $w-8192-$rep $case 8192x8192 1,4,8,12,16 \
    --variant "k4=dispatch=$(bench/plan-table.sh "$spec" 1-8:8x64x64:1x1x4:s16:k1:sw)" \
    --variant "k4b=dispatch=$(bench/plan-table.sh "$spec" 1-8:8x64x64:1x1x4:s16:k1:sw 9-16:16x64x64:1x1x4:s16:k1)"
  spec="n=4096 k=11008 weight=$w scale=channel target=h200"
  run $w-4096x11008-$rep $case 4096x11008 1,4,8 \
    --variant "c2=dispatch=$(bench/plan-table.sh "$spec" 1-8:8x64x64:1x2x2:s16:k4:c2:sw)"
done
bash scripts/bundle-out.sh
