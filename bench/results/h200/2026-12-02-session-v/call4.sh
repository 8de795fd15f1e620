#!/bin/bash
# Session v, call 4 (23a31b7's runtime = main's kernels, carry ["dist"],
# about 3 min). Call 3 (bench/wgmma_probe.cu) ran the planner's 33..64
# wgmma loop without its stream at 306-311 cycles per 64 x 128 x 64 MACs,
# 82-84 % of the tensor peak: 9.9 us of loop for 8192^2 at M = 64, against
# the kernel's 21.6 hot and 22.4 cold. So the loop's MMA chain is not what
# bounds the kernel. What the probe leaves out is the stream through L2:
# with 128-column tiles each CTA re-reads the activations, 64 rows x K x 2
# bytes per tile, 64 MB at 8192^2 beside the 33.5 MB of weights, ~100 MB
# through L2 to the SMs (the hot reader moves 33.5 MB in 5.2-5.7 us).
# Test: 256-column tiles (two warpgroups of two 64-column tiles, 4 K
# splits so 128 CTAs) halve the activation traffic ("w256a", "w256b": two
# stage counts each for 17..32 and 33..64, per case below).
# Prediction if L2 traffic binds: w256 at M = 64 1.5-3 us faster at 8192^2
# (32 MB fewer at ~6 TB/s is ~5 us, less the partials of 4 splits instead
# of 2), less at M = 32; if it does not bind, 0.5-3 us slower (section
# 56's two-tile warpgroups for 4-bit codes).
source scripts/runtime-env.sh
# case : weight : shape : K split : stages (17..32, 33..64) of variants a, b
# (8-bit codes: 16 KB of codes per 256-column k-block, fewer stages fit).
for cs in "w4a16-int4-channel:int4 scale=channel:8192x8192:k4:s16:s12:s12:s8" \
          "w4a16-int4-g128:int4 scale=group group_size=128:8192x8192:k4:s16:s12:s12:s8" \
          "w4a16-int4-channel:int4 scale=channel:4096x11008:k8:s16:s12:s12:s8" \
          "w8a16-int8-channel:int8 scale=channel:8192x8192:k4:s8:s8:s6:s6"; do
  IFS=: read -r case w shape k a1 a2 b1 b2 <<< "$cs"
  spec="n=${shape%x*} k=${shape#*x} weight=$w target=h200"
  name=$case-$shape
  OUT=$OUT/$name timeout 150 bash bench/run.sh --cases $case --shapes $shape --ms 32,48,64 --reps 15 --sweeps 2 --no-graph --peers /nonexistent \
    --variant "w256a=dispatch=$(bench/plan-table.sh "$spec" 17-32:32x256x64:1x2x1:$a1:$k:wg 33-64:64x256x64:1x2x1:$a2:$k:wg)" \
    --variant "w256b=dispatch=$(bench/plan-table.sh "$spec" 17-32:32x256x64:1x2x1:$b1:$k:wg 33-64:64x256x64:1x2x1:$b2:$k:wg)" > $OUT/$name.log 2>&1
  echo "$name rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/$name.log; grep -iE "gate|error" $OUT/$name.log | head -3
done
bash scripts/bundle-out.sh
