#!/bin/bash
# For the next H200 session (carry ["dist"]; dist/ = main's tip from
# scripts/build-static.sh), after call3.sh: the 9..16-row lane-queue
# blocks at 17..32 rows, two 16-row M tiles a block column, on the model
# shapes where call 1 (section 113) measured M = 32 1.3-1.5x M = 16:
# 3584 x 18944 (14.9 -> 20.1 us), 4096 x 14336 (11.9 -> 16.2), 5120^2
# (8.7 -> 11.1), 14336 x 4096 (12.7 -> 19.3); W4A16 channel, M = 17 / 24 /
# 32, beside the planner's wgmma / mma.sync 17..32 entries. Each shape's
# own 9..16 block: 2-CTA 16 x 32 blocks of 8 warps (3584, 5120, 14336;
# 224 / 320 / 896 CTAs for the two M tiles) and one-CTA blocks of 16 warps
# (4096 x 14336, 256 CTAs). ptxas (scripts/sass.sh): 96-127 registers, no
# spills. The second M tile's CTAs read the weights the first just read,
# mostly from L2.
# Prediction: at 3584 x 18944 and 4096 x 14336 1-4 us faster than the
# planner at M = 24 / 32 (one wave, the 9..16 time x 1.1-1.3); at 5120^2
# (1.2 waves) and 14336 x 4096 (3.4 waves) within 1 us or slower.
set -u
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
VARIANT_MS=17,24,32 VARIANT_TIMEOUT=110
for sh in 3584x18944 5120x5120 14336x4096; do
  entry_variants q17-$sh w4a16-int4-channel $sh "q=17-32:16x32x64:1x1x8:s3:k1:c2:rq"
done
entry_variants q17-4096x14336 w4a16-int4-channel 4096x14336 \
  "q=17-32:16x32x64:1x1x16:s3:k1:rq"
gpu_clocks
bash scripts/bundle-out.sh
