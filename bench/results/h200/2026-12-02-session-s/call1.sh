#!/bin/bash
# Session s, call 1 (main's runtime, dist/COMMIT a595c06 = e00bc13's kernels;
# carry ["dist"]; about 5 min): 8-bit channel codes at M <= 16, where the
# 2-CTA tiles of 4-bit codes were never tried at N = 4096 and one 8192^2
# variant measured faster twice without being planned.
#   (a) 8192^2, 1..8 rows (W8A16 M = 1 target 20 us; a14512b 21.6,
#       a595c06 21.6): section 39's 4-warps-along-K whole-tile variant
#       (8x64x64:1x1x4:s16:k1:sw) measured 20.9-21.1 against 21.3-21.5 in
#       two runs; 4096^2 equal, 4096 x 11008 (2 splits) 0.5 slower. A third
#       run, with 24 stages beside it (21.0-21.2 in those runs).
#   (b) N = 4096 (4096^2: W8A16 M = 1 9.0 us, 1.76x cuBLAS): the narrow
#       2-CTA tile of 4-bit codes (2 x 2 warps, 16 stages, 4 splits: 256
#       CTAs on 264 slots) at both halves, against the planner's 8 warps
#       with 2 splits (128 CTAs). 8-bit k-blocks are 4 KB per 64 columns,
#       twice the 4-bit ones, so 16 stages are 64 KB per CTA and 2 fit.
# Prediction: (a) 0.2-0.4 us faster again at 8192^2, (b) 0.2-0.6 faster at
# 4096^2 (16 k-blocks a split, as 4-bit gained there) and nothing at 4096 x
# 11008 (43). If (a) holds a third time: a planner shape for unsplit 8-bit
# 1..8 tiles, with (a)'s 4096 x 11008 loss in mind (split there).
#   (c) new: 8192^2 4-bit codes at 1..16 rows on the narrow 64-column tile
#       (2 x 2 warps, 16 stages, 2 CTAs per SM) with 2 K splits as cluster
#       pairs (128 tiles x 2 = 256 CTAs in 128 pairs on 264 slots), against
#       the planner's 8 x 128 / 16 x 128 tiles with 4 workspace splits, and
#       the same narrow tile with 2 workspace splits. The pairs' end stays in
#       shared memory (section 30: pairs cover every SM), the 4-split end was
#       1.9 us at M = 1 (section 37); the 2 KB k-blocks of the narrow tile
#       are half the 128-column ones (section 35: smaller stages stream
#       slower). Prediction: kc2 0.3-0.8 us faster at 1..8 for channel and
#       g128 if the end dominates, slower if the stage size does; k2 between.
source scripts/runtime-env.sh
run() { # name shape ms variants...
  local name=$1 shape=$2 ms=$3; shift 3
  OUT=$OUT/$name timeout 100 bash bench/run.sh --cases w8a16-int8-channel --shapes $shape --ms $ms --reps 15 --sweeps 2 --no-graph "$@" > $OUT/$name.log 2>&1
  echo "$name rc $?"; grep -E "^\| (humming-mlir|impl|cublas-fp16)" $OUT/$name.log; grep -iE "gate|error" $OUT/$name.log | head -3
}
spec="n=8192 k=8192 weight=int8 scale=channel target=h200"
run w8-8192 8192x8192 1,4,8 \
  --variant "k4=dispatch=$(bench/plan-table.sh "$spec" 1-8:8x64x64:1x1x4:s16:k1:sw)" \
  --variant "s24=dispatch=$(bench/plan-table.sh "$spec" 1-8:8x64x64:1x2x4:s24:k1:sw)"
for shape in 4096x4096 4096x11008; do
  spec="n=${shape%x*} k=${shape#*x} weight=int8 scale=channel target=h200"
  run w8-$shape $shape 1,4,8,9,12,16 \
    --variant "c2=dispatch=$(bench/plan-table.sh "$spec" 1-8:8x64x64:1x2x2:s16:k4:c2:sw 9-16:16x64x64:1x2x2:s16:k4:c2)"
done
for c in channel g128; do
  if [ $c = channel ]; then spec="n=8192 k=8192 weight=int4 scale=channel target=h200"; case=w4a16-int4-channel
  else spec="n=8192 k=8192 weight=int4 scale=group group_size=128 target=h200"; case=w4a16-int4-g128; fi
  OUT=$OUT/w4-$c timeout 150 bash bench/run.sh --cases $case --shapes 8192x8192 --ms 1,4,8,9,12,16 --reps 15 --sweeps 2 --no-graph \
    --variant "kc2=dispatch=$(bench/plan-table.sh "$spec" 1-8:8x64x64:1x2x2:s16:kc2:c2:sw 9-16:16x64x64:1x2x2:s16:kc2:c2)" \
    --variant "k2=dispatch=$(bench/plan-table.sh "$spec" 1-8:8x64x64:1x2x2:s16:k2:c2:sw 9-16:16x64x64:1x2x2:s16:k2:c2)" > $OUT/w4-$c.log 2>&1
  echo "w4-$c rc $?"; grep -E "^\| (humming-mlir|impl|cublas-fp16)" $OUT/w4-$c.log; grep -iE "gate|error" $OUT/w4-$c.log | head -3
done
bash scripts/bundle-out.sh
