#!/bin/bash
# For the next device session's first call (an H200 if one is lent; else
# run it on what comes and file it under results/h100/). Carry
# ["dist/humming-runtime.tar.xz", "dist/COMMIT", "peers"]: dist/ from
# scripts/build-static.sh at main; peers/ as bench/README.md says
# (Marlin's sources and peers/build.sh, mgoin/humming as peers/humming-src,
# peers/wheels with pyelftools, peers/humming-cache.tar.xz from an earlier
# call).
# 1. The models tier of the GPU suite (the planner's own tables at model
#    widths, where section 131's two-CTA tiles are taken: 18944 x 3584,
#    22016 x 4096, 37888 x 3584, 57344 x 8192) and the smoke tier.
#    Prediction: all pass (the new kernels passed 48 targeted checks on an
#    H100).
# 2. The benchmark with Marlin and Humming in the same run. Prediction: as
#    section 131's call 1 at M <= 64 (ours faster in every cell); at M =
#    80 / 128 Humming ahead only at 11008 x 4096 (6-8 %), 4096^2 M = 80
#    (2 %) and 28672 x 4096 g128 M = 128 (4 %); on an H200 the first run
#    with Humming, whose times there nobody has measured.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=200 HUMMING_VALIDATE_ONLY=1 timeout 240 \
  bash scripts/device-validate.sh smoke models > $OUT/val.log 2>&1
echo "validate rc $? $(date +%T)"; tail -8 $OUT/val.log
FINAL_TIMEOUT=300 final_run
grep -E "excluded|gate" "$OUT/full.log" | head
[ -d peers/humming-cache ] && tar -C peers -cJf "$OUT/humming-cache.tar.xz" humming-cache
gpu_clocks
bash scripts/bundle-out.sh
