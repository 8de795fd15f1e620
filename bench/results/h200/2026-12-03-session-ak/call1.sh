#!/bin/bash
# Session ak, call 1 (carry ["dist"]): are the 9..16-row kernels at 8192^2
# bound by L2 reads of the activations? Every CTA of the 2-CTA 16-row queue
# (256 unsplit 32-column blocks) copies all 16 x 8192 activations: 64 MB
# through L2 beside the 33.5 MB of codes, ~7 TB/s at 14.2 us. `:l1` caches
# those copies in L1 too, so the two CTAs of an SM (same k-blocks at about
# the same time, different columns) can share one L2 read.
# 1. humming-run's reference check of the :l1 tables (call1-layers.txt) and
#    memcheck on one.
# 2. Variants, one process per group: channel / int8 / g128 at 9..16 with
#    :l1; the 64-column one-CTA queue with :l1 (its two N-warps copy the
#    same rows); int8 9..16 on the 2-CTA queue (section 83's lead) with and
#    without :l1; int8 33..64 (2 CTAs per SM, 4 splits) with :l1.
# 3. ncu of the planner's M = 16 channel kernel and its :l1 form (L2 and L1
#    throughput, hit rates, stalls).
# Prediction: if L2 reads bind, channel M = 16 0.5-1.5 us faster with :l1
# and ncu shows L2 throughput near its peak without it and an L1 hit rate
# near 50 % for activations with it; if they do not, :l1 within +-0.2 and
# L2 throughput well under peak. int8 9..16 queue 0.2-0.5 faster than the
# staged tile again.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
d=bench/results/h200/2026-12-03-session-ak
date +%T
timeout 120 bash scripts/check-layers.sh < $d/call1-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
sed -n '1p' $d/call1-layers.txt | timeout 60 bash scripts/memcheck-layers.sh > "$OUT/memcheck.txt" 2>&1
tail -1 "$OUT/memcheck.txt"
date +%T
export VARIANT_MS=9,16 VARIANT_REPS=15 VARIANT_TIMEOUT=70
entry_variants ch16 w4a16-int4-channel 8192x8192 l1=9-16:16x32x64:1x1x8:s3:k1:c2:rq:l1 w64l1=9-16:16x64x64:1x2x8:s3:k1:rq:l1
entry_variants i8-16 w8a16-int8-channel 8192x8192 q=9-16:16x32x64:1x1x8:s3:k1:c2:rq ql1=9-16:16x32x64:1x1x8:s3:k1:c2:rq:l1
entry_variants g16 w4a16-int4-g128 8192x8192 l1=9-16:16x128x64:1x4x1:s8:k4:c2:l1 ql1=9-16:16x32x64:1x1x8:s3:k1:c2:rq:l1
export VARIANT_MS=32,64
entry_variants i8-64 w8a16-int8-channel 8192x8192 l1=33-64:64x128x64:1x1x1:s6:k4:c2:wg:l1
date +%T
s="n=8192 k=8192 weight=int4 scale=channel target=h200"
bash bench/profile.sh "$s" 16 > "$OUT/profile-planner.txt" 2>&1
t=$(plan_table "$s" 9-16:16x32x64:1x1x8:s3:k1:c2:rq:l1)
bash bench/profile.sh "$s dispatch=$t" 16 > "$OUT/profile-l1.txt" 2>&1
for f in "$OUT"/profile/*.txt; do
  echo "== $f"
  grep -E "Duration|L2 Cache Throughput|L1/TEX Cache Throughput|L1/TEX Hit Rate|L2 Hit Rate|DRAM Throughput|Mem Busy|Max Bandwidth|lts__t_sectors_srcunit_tex_op_read.sum|dram__bytes_read.sum" "$f" | head -14
done
date +%T
bash scripts/bundle-out.sh
