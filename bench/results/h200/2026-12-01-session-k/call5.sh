#!/bin/bash
# Session k, call 5 (be56d78: W8A16 g128 at 8192 x 8192, 33..64, back on the
# 12-stage 2-warpgroup tile): humming-run's check of the 8-bit group-sum
# layers whose 17..64 kernels changed this session, and W8A16 g128 against
# the previous planner's table (variant "old"), same run.
source scripts/runtime-env.sh
for s in "n=8192 k=8192 weight=int8 scale=group group_size=128" "n=8192 k=8192 weight=float8e4m3 activation=bfloat16 scale=group group_size=128 bias=1" \
         "n=11008 k=4096 weight=int8 scale=group group_size=128 zero_point=integer"; do
  echo "== $s"; timeout 60 "$HUMMING_RUN" --spec "$s target=h200" -m 17,32,33,64 --iters 3 -q 2>&1 | tail -5
done > $OUT/check-g128-8bit.txt 2>&1
echo "PASS lines: $(grep -c "^M=.* PASS " $OUT/check-g128-8bit.txt) of 12"; grep -E "^M=.* FAIL |error" $OUT/check-g128-8bit.txt | head -5
OUT=$OUT/v timeout 60 bash bench/run.sh --cases w8a16-int8-g128 --shapes 8192x8192 --ms 24,32,48,64 --reps 15 --sweeps 2 --no-graph --variant old=dispatch=1-16:16x256x64:1x8x1:s8:k4,17-32:32x128x64:1x2x2:s8:k2,33-64:64x128x64:1x2x1:s12:k2:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1 > $OUT/v.log 2>&1
echo "rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/v.log
bash scripts/bundle-out.sh
