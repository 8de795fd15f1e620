#!/bin/bash
# For the next device session (an H200 if one is lent; else run it on what
# comes and file it under results/h100/). Carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT", "peers"]: dist/ from scripts/build-static.sh at main;
# peers/ as bench/README.md says (Marlin's sources and peers/build.sh,
# mgoin/humming as peers/humming-src, peers/wheels with pyelftools, and
# peers/humming-cache.tar.xz if an earlier call brought one back).
# 1. Session bl's call 7 (not run): humming-run's reference check of the
#    four-warpgroup 96 x 256 kernels (65..96 rows at 28672 x 4096, 22016 x
#    4096, 18944 x 3584) on g64, bf16 e2m1 g32, bf16 g128, zero points and
#    bias. Prediction: all pass.
# 2. The benchmark at main with Marlin and Humming in the same run.
#    Prediction on an H200: ours faster than both at every M <= 64 (1.1-1.6x,
#    as on the H100 in session bl); Humming faster at M = 80 / 128 at
#    4096^2, 11008 x 4096 and 28672 x 4096's 97..128 rows (up to 15 %).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
bash scripts/check-layers.sh < bench/results/h100/2026-12-06-session-bl/call7-layers.txt \
  > "$OUT/check-layers.txt" 2>&1; echo "check rc $? $(date +%T)"
tail -1 "$OUT/check-layers.txt"; grep -E "FAIL|error" "$OUT/check-layers.txt" | head -5
FINAL_TIMEOUT=480 final_run
grep -E "excluded|gate" "$OUT/full.log" | head
gpu_clocks
[ -d peers/humming-cache ] && tar -C peers -cJf "$OUT/humming-cache.tar.xz" humming-cache
bash scripts/bundle-out.sh
