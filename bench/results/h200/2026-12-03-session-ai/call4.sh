#!/bin/bash
# Session ai, call 4 (bc3b68b's runtime; carry ["dist"]). Call 3: the lane
# queue with swizzled coalesced copies is at the copies' ideal (L2 sectors
# 1.05x ideal, shared wavefronts 1.12x) and wins where one CTA of 16 warps
# per SM holds too few rounds in registers (4096^2 M = 1..8 3 rounds 5.6-5.7
# us against 5.9-6.0; 9..16 rows 6.5-6.6 against 7.3) but loses at 8192^2's
# 2 CTAs per SM (2 rounds 13.2-13.3 against 12.7-12.9, 3 rounds 14.4-14.6:
# more in flight is slower there, as the L2 prefetch was in section 80).
# This call measures the candidate planner entries (same harness, planner
# in the same process): 1..8 rows at N about 4096 (channel, g128 at 4096^2
# and 4096 x 11008), 9..16 rows there and at 8192^2 (8 warps at 2 CTAs).
# Prediction: 4096^2 1..8 0.2-0.4 us faster for channel and g128 with 3-4
# rounds; 4096 x 11008 within 0.3 either way; 9..16 rows 0.5-1.0 faster at
# N about 4096, 0.2-0.5 at 8192^2.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
date +%T
export VARIANT_MS=1,4,8 VARIANT_REPS=15 VARIANT_TIMEOUT=100
ch=w4a16-int4-channel g=w4a16-int4-g128
q=1-8:8x32x64:1x1x16
entry_variants ch-4096 $ch 4096x4096 rq3=$q:s3:k1:rq rq4=$q:s4:k1:rq
entry_variants g-4096 $g 4096x4096 rq3=$q:s3:k1:rq rq4=$q:s4:k1:rq
entry_variants ch-4096x11008 $ch 4096x11008 rq3=$q:s3:k1:rq rq4=$q:s4:k1:rq
entry_variants g-4096x11008 $g 4096x11008 rq3=$q:s3:k1:rq
date +%T
export VARIANT_MS=9,12,16
q=9-16:16x32x64:1x1x16
entry_variants ch16-4096 $ch 4096x4096 rq3=$q:s3:k1:rq rq4=$q:s4:k1:rq
entry_variants g16-4096 $g 4096x4096 rq3=$q:s3:k1:rq
entry_variants ch16-4096x11008 $ch 4096x11008 rq3=$q:s3:k1:rq
entry_variants g16-4096x11008 $g 4096x11008 rq3=$q:s3:k1:rq
q=9-16:16x32x64:1x1x8
entry_variants ch16-8192 $ch 8192x8192 rq3=$q:s3:k1:c2:rq rq4=$q:s4:k1:c2:rq
entry_variants g16-8192 $g 8192x8192 rq3=$q:s3:k1:c2:rq
date +%T
bash scripts/bundle-out.sh
