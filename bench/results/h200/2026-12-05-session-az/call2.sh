#!/bin/bash
# Session az's second H200 call (carry ["dist"]), after call1.sh: where the
# 9..16-row queue blocks would split, which 4c02163 left to the staged
# tiles for want of a measurement. On the H100 (section 110) the unsplit
# 2-CTA blocks, forced by hand, beat the planner's split staged tiles at
# 2048 x 7168 g128 (64 blocks: 7.8 us against 12.5) and 3584 x 18944
# channel (112 blocks: 17.3 against 18.5). Here: those and their 2- and
# 4-split forms beside the planner's table (main's build in dist/), W4A16
# channel and g128, M = 9 / 16; and 3584 x 18944 g128's 1..8 rows in 2
# splits of the 64-column blocks (mixed on the H100), M = 1 / 8.
# Predictions: the unsplit blocks 2-4 us faster than the planner at 2048 x
# 7168 g128 and 0.5-1.5 at 3584 x 18944; 2 splits a further 0.3-1.0 at
# 2048 x 7168 (twice the SMs streaming), 4 no better than 2; 3584 x 18944
# g128 at 1..8 within 0.3 of the planner.
set -u
LIMIT=${LIMIT:-575}   # seconds the call may take (the run's timeout_s less 25)
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
# Each entry_variants call takes 60-110 s; the later ones (lower priority)
# are skipped past the time guard.
ev() { [ $SECONDS -lt $((LIMIT - 110)) ] || { echo "skipped $1: time guard"; return; }; entry_variants "$@"; }
VARIANT_TIMEOUT=110
q="9-16:16x32x64:1x1x8:s3"
VARIANT_MS=9,16
for c in w4a16-int4-g128 w4a16-int4-channel; do
  ev q16-2048-$c $c 2048x7168 "k1=$q:k1:c2:rq" "k2=$q:k2:c2:rq" "k4=$q:k4:c2:rq"
done
# 11008 x 4096 g128 at 9..16 rows (the 2-CTA 3-split 16 x 128 tile): 12.4
# us at M = 16 against 10.9 at 8 on the H200 (515af44's run), 14.3 against
# 13.5 at M = 32 on the H100. The 2-CTA queue blocks unsplit (344, 1.3
# waves) and the 17..32-row wgmma kernel taken from 9 rows. Prediction:
# the queue 0.3-1.0 us faster at M = 16, the wgmma one -0.3..+0.5.
ev q16-11008-g128 w4a16-int4-g128 11008x4096 \
  "q=$q:k1:c2:rq" "wg=9-16:32x64x64:1x1x1:s6:kc2:c3:wg"
# 14336 x 4096 channel: on the H100 (call 3) its 9..16-row kernel (the
# staged 2-CTA 16 x 64 tile, 224 CTAs) ran 14.6 us at M = 16 against the
# 1..8-row kernel's 15.6 / 15.9 at M = 1 / 8 (2 splits of 16 x 256). Its
# swapped 8-row copy at 1..8, and the 64-column queue blocks in two waves.
# Prediction: the copy 0.5-1.2 us faster than the planner at M = 1 / 8;
# the queue blocks within 0.3 of the planner.
VARIANT_MS=1,8
ev s8-14336-channel w4a16-int4-channel 14336x4096 \
  "c2=1-8:8x64x64:1x2x4:s16:k1:c2:sw" "q=1-8:8x64x64:1x2x8:s3:k1:rq"
VARIANT_MS=9,16
for c in w4a16-int4-channel w4a16-int4-g128; do
  ev q16-3584-$c $c 3584x18944 "k1=$q:k1:c2:rq" "k2=$q:k2:c2:rq"
done
VARIANT_MS=1,8
ev q8-3584-g128 w4a16-int4-g128 3584x18944 "k2=1-8:8x64x64:1x2x8:s3:k2:rq"
gpu_clocks
bash scripts/bundle-out.sh
