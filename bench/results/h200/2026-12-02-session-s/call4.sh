#!/bin/bash
# Session s, call 4 (same runtime; carry ["dist"]; about 4 min): call 3's
# A/A test with the harness's new --placements (default 4: each cell's calls
# rotate over 4 copies of the weights, each its own layer). Call 3, one copy
# each: the planner's W8A16 8192^2 table as a variant (aa1, aa2) measured
# 0.3-0.6 us faster than the same table in the first slot; k4 (third slot)
# like the first. W4A16 shapes showed no such gap (<= 0.2).
# Prediction: with 4 placements the planner, aa1 and aa2 agree within 0.2
# us; k4 within 0.2 of them (no kernel gain). 4096 x 11008 W8A16: the
# narrow 2-CTA 1..8 tile (c2, 0.2-0.4 faster in 3 runs, always the second
# slot) beside aa1, to see whether that gain was a placement too.
source scripts/runtime-env.sh
run() { # name case shape ms variants...
  local name=$1 case=$2 shape=$3 ms=$4; shift 4
  OUT=$OUT/$name timeout 200 bash bench/run.sh --cases $case --shapes $shape --ms $ms --reps 16 --sweeps 2 --no-graph "$@" > $OUT/$name.log 2>&1
  echo "$name rc $?"; grep -E "^\| (humming-mlir|impl|cublas-fp16)" $OUT/$name.log; grep -iE "gate|error" $OUT/$name.log | head -3
}
spec="n=8192 k=8192 weight=int8 scale=channel target=h200"
plan=$(bench/plan-table.sh "$spec")
run w8-8192 w8a16-int8-channel 8192x8192 1,8,16 --variant "aa1=dispatch=$plan" \
  --variant "k4=dispatch=$(bench/plan-table.sh "$spec" 1-8:8x64x64:1x1x4:s16:k1:sw)" --variant "aa2=dispatch=$plan"
spec="n=4096 k=11008 weight=int8 scale=channel target=h200"
plan=$(bench/plan-table.sh "$spec")
run w8-4096x11008 w8a16-int8-channel 4096x11008 1,4,8 --variant "aa1=dispatch=$plan" \
  --variant "c2=dispatch=$(bench/plan-table.sh "$spec" 1-8:8x64x64:1x2x2:s16:k4:c2:sw)"
spec="n=8192 k=8192 weight=int4 scale=channel target=h200"
run w4-8192 w4a16-int4-channel 8192x8192 1,16 --variant "aa1=dispatch=$(bench/plan-table.sh "$spec")"
bash scripts/bundle-out.sh
