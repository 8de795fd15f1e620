#!/bin/bash
# Session s, call 8 (d7dde67's runtime, carry ["dist"], about 2 min): 17..32
# rows at 8192^2 on mma.sync again. Section 16 measured the 2-CTA tile of 4
# half-tile warps (32x128x64:1x4x1:s8:k4:c2) at 20.5 us for M = 32, before
# wgmma (now 18.4) and before the changes that took its 16-row copy to 14.9
# at M = 16 (two k-blocks per iteration, the split-K end without fences).
# The M = 16 -> 32 step is now 3.5 us. Variants of the 17..32 entry: that
# tile ("c2"), and the narrow tile with 2 splits ("narrow": 32 x 64, 2 x 2
# warps, 16 stages, 256 CTAs).
# Prediction: c2 17.5-19 at M = 32 (twice the HMMAs of the 14.9 us loop,
# which is latency-bound, so less than twice its compute share); narrow
# slower (section 49: 2 splits of the narrow tile lost at 9..16 for g128).
source scripts/runtime-env.sh
for c in channel g128; do
  if [ $c = channel ]; then spec="n=8192 k=8192 weight=int4 scale=channel target=h200"; case=w4a16-int4-channel
  else spec="n=8192 k=8192 weight=int4 scale=group group_size=128 target=h200"; case=w4a16-int4-g128; fi
  OUT=$OUT/$c timeout 120 bash bench/run.sh --cases $case --shapes 8192x8192 --ms 17,24,32 --reps 16 --sweeps 2 --no-graph \
    --variant "c2=dispatch=$(bench/plan-table.sh "$spec" 17-32:32x128x64:1x4x1:s8:k4:c2)" \
    --variant "narrow=dispatch=$(bench/plan-table.sh "$spec" 17-32:32x64x64:1x2x2:s16:k2:c2)" > $OUT/$c.log 2>&1
  echo "$c rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/$c.log; grep -iE "gate|error" $OUT/$c.log | head -3
done
bash scripts/bundle-out.sh
