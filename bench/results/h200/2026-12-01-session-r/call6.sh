#!/bin/bash
# Session r, call 6 (a595c06's runtime; about 2.5 min): more warps per SM at
# N = 4096, where the 9..16-row kernels are latency-bound. 4096 x 11008 M =
# 16 streams 22.5 MB in 12.5 us (channel) and 15.1 (g128), 1.5-1.8 TB/s;
# the g128 loop on the narrow tile has 410 instructions per 32 HMMA against
# 329 for channel codes (ptxas 13.0), and at 43 k-blocks a split its time
# grows 40 % faster with K than channel's. Variants (timing only; the
# harness's gate checks each):
#   w8: the narrow 16 x 64 tile with 2 x 4 warps (8 per CTA, 128 registers)
#       at 2 CTAs per SM, 4 splits: 16 warps per SM instead of 8;
#   c4: the narrow tile of 2 x 2 warps at 4 CTAs per SM, 8 splits of 21-22
#       k-blocks, 8 stages (512 CTAs on 528 slots; 123 registers);
#   w8sw: (1..8) the swapped 8 x 64 tile with 2 x 4 warps at 2 CTAs per SM.
# Prediction: g128 4096 x 11008 at 9..16 w8 0.5-1.0 us faster than the
# planner's 16 x 256 (15.0), c4 0.0-0.5; channel w8 0.2-0.5 faster than the
# narrow tile; at 4096^2 (16 k-blocks a split) nothing.
source scripts/runtime-env.sh
W8=9-16:16x64x64:1x2x4:s16:k4:c2; C4=9-16:16x64x64:1x2x2:s8:k8:c4; W8SW=1-8:8x64x64:1x2x4:s16:k4:c2:sw
for c in "w4a16-int4-g128|scale=group group_size=128|4096x11008" "w4a16-int4-channel|scale=channel|4096x11008" "w4a16-int4-g128|scale=group group_size=128|4096x4096"; do
  IFS='|' read case sc shape <<< "$c"
  spec="n=${shape%x*} k=${shape#*x} weight=int4 $sc target=h200"
  OUT=$OUT/$case-$shape timeout 100 bash bench/run.sh --cases $case --shapes $shape --ms 1,4,8,9,12,16 --reps 15 --sweeps 2 --no-graph \
    --variant "w8=dispatch=$(bench/plan-table.sh "$spec" $W8 $W8SW)" --variant "c4=dispatch=$(bench/plan-table.sh "$spec" $C4)" > $OUT/$case-$shape.log 2>&1
  echo "$case $shape rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/$case-$shape.log; grep -iE "gate|error" $OUT/$case-$shape.log | head -3
done
bash scripts/bundle-out.sh
