#!/bin/bash
# Session ah, call 3 (55c75ea's runtime: the register-stream loop's L2
# prefetch, `:pf<n>`; carry ["dist"]). Section 78 left the 2-CTA 1-ahead loop
# 1.3 us over its stream at 8192^2, with nothing of a warp's in flight while
# it computes (2 ahead spill at 64 registers). A prefetch into L2 of the
# codes n rounds on puts more bytes in flight without registers.
# 1. humming-run's reference check on call3-layers.txt (pf entries: 8192^2
#    int4 channel; uint4 g64 zero points + bias at 4000 x 4224 with 2 K
#    splits and 16 rows; int8 bf16 at K = 4104 with pf16, beyond every
#    warp's rounds); memcheck on the last two.
# 2. Speed against the planner's entry, the same entry with pf1..pf8.
# Prediction: if the loop is bound by bytes in flight, 8192^2 channel M =
# 1..8 12.2-12.5 us with pf2-pf4 against 12.6-12.8, g128 13.2-13.5 against
# 13.6-13.8; 4096^2 (16 warps of 4 rounds, 2 ahead) 5.6-5.9 against
# 5.9-6.0; if it is bound by its own machinery, within 0.1 either way.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
d=bench/results/h200/2026-12-03-session-ah
date +%T
timeout 90 bash scripts/check-layers.sh < $d/call3-layers.txt > "$OUT/layers.txt" 2>&1
tail -1 "$OUT/layers.txt"; grep -B1 -E "FAIL|error" "$OUT/layers.txt" | head -10
sed -n '2p;3p' $d/call3-layers.txt | timeout 90 bash scripts/memcheck-layers.sh > "$OUT/memcheck.txt" 2>&1
tail -1 "$OUT/memcheck.txt"
date +%T
export VARIANT_MS=1,4,8 VARIANT_REPS=15 VARIANT_TIMEOUT=100
ch=w4a16-int4-channel g=w4a16-int4-g128
e=1-8:8x32x64:1x1x16:s1:k1:c2:rs
entry_variants ch-8192 $ch 8192x8192 pf1=$e:pf1 pf2=$e:pf2 pf4=$e:pf4 pf8=$e:pf8
entry_variants g-8192 $g 8192x8192 pf2=$e:pf2 pf4=$e:pf4
e=1-8:8x32x64:1x1x16:s2:k1:rs
entry_variants ch-4096 $ch 4096x4096 pf1=$e:pf1 pf2=$e:pf2
entry_variants ch-4096x11008 $ch 4096x11008 pf2=$e:pf2 pf4=$e:pf4
date +%T
entry_variants i8-8192 w8a16-int8-channel 8192x8192 rs=1-8:8x32x64:1x1x16:s1:k1:c2:rs \
  rspf2=1-8:8x32x64:1x1x16:s1:k1:c2:rs:pf2 rspf4=1-8:8x32x64:1x1x16:s1:k1:c2:rs:pf4
export VARIANT_MS=9,16
entry_variants ch16-4096 $ch 4096x4096 pf2=9-16:16x32x64:1x1x16:s1:k1:rs:pf2
entry_variants ch16-8192 $ch 8192x8192 w8c2=9-16:16x32x64:1x1x8:s2:k1:c2:rs \
  w8c2pf2=9-16:16x32x64:1x1x8:s2:k1:c2:rs:pf2
date +%T
bash scripts/bundle-out.sh
