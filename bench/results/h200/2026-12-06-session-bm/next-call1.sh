#!/bin/bash
# For the next device session (an H200 if one is lent; else run it on what
# comes and file it under results/h100/). Carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT", "peers"]: dist/ from scripts/build-static.sh at main;
# peers/ as bench/README.md says (Marlin's sources and peers/build.sh,
# mgoin/humming as peers/humming-src, peers/wheels with pyelftools, and
# peers/humming-cache.tar.xz from an earlier call).
# 1. The benchmark at main with Marlin and Humming in the same run: the
#    first full run since section 130's shared split-K sum. Prediction: at
#    M <= 64 as session bm's call 1 (ours faster than both in every cell);
#    at M = 80 / 128 Humming ahead only at 11008 x 4096 (5-8 %), 28672 x
#    4096 M = 128 (about 8 %) and 4096^2 M = 80 (2-3 %).
# 2. Hand tables for section 130's lead (the planner's split-end estimate
#    overstates the shared end): 11008 x 4096 M = 97..128 in 4 splits of
#    128 x 256 (172 CTAs: two waves, expected slower) and 128 x 128 in 2
#    (172: the same), 4096 x 11008 129..192 in 6 splits of 192 x 128.
#    Prediction: none beats the planner by 3 %; a refit needs one that does.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
FINAL_TIMEOUT=300 final_run
grep -E "excluded|gate" "$OUT/full.log" | head
[ -d peers/humming-cache ] && tar -C peers -cJf "$OUT/humming-cache.tar.xz" humming-cache
export VARIANT_REPS=10 VARIANT_SWEEPS=2 VARIANT_TIMEOUT=90
VARIANT_MS=100,128 entry_variants s11008 w4a16-int4-channel 11008x4096 \
  "k4=97-128:128x256x64:1x2x1:s6:k4:wg" "n2=97-128:128x128x64:1x2x1:s8:k2:wg"
VARIANT_MS=160,192 entry_variants s4096x11008 w4a16-int4-channel 4096x11008 \
  "k6=129-192:192x128x64:1x2x1:s5:k6:wg"
gpu_clocks
bash scripts/bundle-out.sh
