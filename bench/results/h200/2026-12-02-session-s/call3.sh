#!/bin/bash
# Session s, call 3 (same runtime; carry ["dist"]; about 3 min): an A/A test.
# Call 2 found the 8192^2 W8A16 "k4" variant, whose 9..16 entry is the
# planner's own kernel, 0.5 us faster at M = 12 / 16 too, in both runs,
# while "k4b", whose 1..8 entry is k4's kernel, measured like the planner
# at M = 1..8. So the gain follows the variant slot (its layer: weights at
# other addresses, second in the interleave), not the kernel. Here:
#   W8A16 8192^2: the planner's table as "aa1" (second slot), k4 (third),
#   the planner's table again as "aa2" (fourth).
#   W4A16 channel 8192^2 and 4096 x 11008: aa1 and aa2 beside the planner.
# Prediction: if the slot explains it, aa1 is 0.3-0.5 us faster than the
# planner's row at every M and k4 measures like the planner; if the kernel
# does, aa1 = aa2 = planner and k4 0.3-0.5 faster at 1..8 only.
source scripts/runtime-env.sh
run() { # name case shape ms variants...
  local name=$1 case=$2 shape=$3 ms=$4; shift 4
  OUT=$OUT/$name timeout 150 bash bench/run.sh --cases $case --shapes $shape --ms $ms --reps 15 --sweeps 2 --no-graph "$@" > $OUT/$name.log 2>&1
  echo "$name rc $?"; grep -E "^\| (humming-mlir|impl|cublas-fp16)" $OUT/$name.log; grep -iE "gate|error" $OUT/$name.log | head -3
}
spec="n=8192 k=8192 weight=int8 scale=channel target=h200"
plan=$(bench/plan-table.sh "$spec")
run w8-8192 w8a16-int8-channel 8192x8192 1,8,16 --variant "aa1=dispatch=$plan" \
  --variant "k4=dispatch=$(bench/plan-table.sh "$spec" 1-8:8x64x64:1x1x4:s16:k1:sw)" --variant "aa2=dispatch=$plan"
for shape in 8192x8192 4096x11008; do
  spec="n=${shape%x*} k=${shape#*x} weight=int4 scale=channel target=h200"
  plan=$(bench/plan-table.sh "$spec")
  run w4-$shape w4a16-int4-channel $shape 1,16,64 --variant "aa1=dispatch=$plan" --variant "aa2=dispatch=$plan"
done
bash scripts/bundle-out.sh
