#!/bin/bash
# Session ag, call 1 (the register-stream loop, `:rs`, uncommitted tree's
# runtime in dist/; carry ["dist"]): section 77.
# 1. Correctness: humming-run's reference check on call1-layers.txt (the
#    planner's tables with a `:rs` entry at 1..8: 4-, 8-, 2- and 6-bit
#    codes, channel / g16-g128 scales, integer zero points, float4 / float6
#    codes, bf16, bias, N and K tails, 2 K splits through the workspace,
#    64-column blocks, 2-4 CTAs per SM); compute-sanitizer memcheck on the N / K tails and the split.
# 2. Speed at M = 1 / 4 / 8 against the planner, W4A16 channel on the five
#    shapes, g128 and W8A16 at 4096^2 and 8192^2.
# Prediction (section 72's probe: 4096^2 5.8-6.3 us, 8192^2 12.7): 4096^2
# channel 5.9-6.4 against the planner's 6.4-6.5 (this loop loads each lane's
# activations as two 16-byte words like the probe; ptxas gives it 92
# registers at one CTA per SM); 8192^2 12.6-13.2 against 13.0 at 2 CTAs per
# SM (20 bytes of spills); 4096 x 11008 and the large-N shapes slower, as
# in the probe (0.5-3 us).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
d=bench/results/h200/2026-12-03-session-ag
bash scripts/check-layers.sh < $d/call1-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
sed -n '2p;3p;11p' $d/call1-layers.txt | awk '{print "1,8", substr($0, index($0, " ") + 1)}' \
  | COMPUTE_SANITIZER=compute-sanitizer bash scripts/memcheck-layers.sh > "$OUT/memcheck.txt" 2>&1
tail -1 "$OUT/memcheck.txt"
export VARIANT_MS=1,4,8 VARIANT_REPS=15 VARIANT_TIMEOUT=120
# (As run, a helper of this script did what bench/variants.sh's
# entry_variants now does.)
ch=w4a16-int4-channel
entry_variants ch-4096 $ch 4096x4096 w16=1-8:8x32x64:1x1x16:s2:k1:rs w16s4=1-8:8x32x64:1x1x16:s4:k1:rs \
  w16c2=1-8:8x32x64:1x1x16:s2:k1:c2:rs w8c2=1-8:8x32x64:1x1x8:s4:k1:c2:rs \
  k2c2=1-8:8x32x64:1x1x16:s2:k2:c2:rs w32=1-8:8x32x64:1x1x32:s2:k1:rs
entry_variants ch-8192 $ch 8192x8192 w16=1-8:8x32x64:1x1x16:s2:k1:rs w16c2=1-8:8x32x64:1x1x16:s2:k1:c2:rs \
  w16s4c2=1-8:8x32x64:1x1x16:s4:k1:c2:rs w8c2=1-8:8x32x64:1x1x8:s4:k1:c2:rs \
  n64=1-8:8x64x64:1x2x8:s2:k1:rs
entry_variants ch-4096x11008 $ch 4096x11008 w16=1-8:8x32x64:1x1x16:s2:k1:rs w16s4=1-8:8x32x64:1x1x16:s4:k1:rs \
  k2c2=1-8:8x32x64:1x1x16:s2:k2:c2:rs w8c2=1-8:8x32x64:1x1x8:s4:k1:c2:rs
entry_variants ch-11008x4096 $ch 11008x4096 w8c3=1-8:8x32x64:1x1x8:s2:k1:c3:rs w8c4=1-8:8x32x64:1x1x8:s2:k1:c4:rs \
  w16c2=1-8:8x32x64:1x1x16:s2:k1:c2:rs
entry_variants ch-28672x4096 $ch 28672x4096 w8c4=1-8:8x32x64:1x1x8:s2:k1:c4:rs w16c2=1-8:8x32x64:1x1x16:s2:k1:c2:rs
entry_variants g-4096 w4a16-int4-g128 4096x4096 w16=1-8:8x32x64:1x1x16:s2:k1:rs w16c2=1-8:8x32x64:1x1x16:s2:k1:c2:rs \
  w16s4=1-8:8x32x64:1x1x16:s4:k1:rs
entry_variants g-8192 w4a16-int4-g128 8192x8192 w16c2=1-8:8x32x64:1x1x16:s2:k1:c2:rs n64=1-8:8x64x64:1x2x8:s2:k1:rs
entry_variants i8-4096 w8a16-int8-channel 4096x4096 w16=1-8:8x32x64:1x1x16:s2:k1:rs w16c2=1-8:8x32x64:1x1x16:s2:k1:c2:rs
entry_variants i8-8192 w8a16-int8-channel 8192x8192 w16c2=1-8:8x32x64:1x1x16:s2:k1:c2:rs n64=1-8:8x64x64:1x2x8:s2:k1:rs
# PTX of the 4096^2 channel kernel, for the notes.
s="n=4096 k=4096 $(case_spec $ch) target=h200"
"$HUMMING_RUN" --spec "$s dispatch=$(plan_table "$s" 1-8:8x32x64:1x1x16:s2:k1:rs)" \
  --compile-only --print-ptx > "$OUT/rs-4096.ptx" 2>&1
bash scripts/bundle-out.sh
