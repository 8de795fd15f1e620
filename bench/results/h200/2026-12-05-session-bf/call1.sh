#!/bin/bash
# For the next device session, after session be's call4.sh:
#   carry ["dist/humming-runtime.tar.xz", "dist/COMMIT", "dist/main"]
# dist/ = f267d32 (branch exp/wide-4wg: the planner's 128 x 256 warpgroup
# tile as four warpgroups of one weight tile, group scales in the B
# fragment, its workspace split end one split at a time); dist/main/ = 6440a4d (main's kernels: main's later commits
# change no plan). Both built by scripts/build-static.sh, git-ignored.
# Results go under the card that comes (h100 or h200). NOTES section 121.
# Before the call, `bash scripts/device-aside.sh out 2026-12-05` (the tree
# must fit 64 MiB with the carry); after it, `... back`.
# 1. Reference check (humming-run: fp32 reference on the dequantized
#    weights) of wide4-layers.txt, the planner's own tables at the M values
#    its 128 x 256 entries take (workspace splits of 3, cluster pairs,
#    unsplit; int4 / uint4 / uint8 / fp8 / int4 g32, zero points, bf16,
#    bias, partial M tiles, K = 4160; 2048 x 7168's 4 workspace splits,
#    whose end loads one split at a time); memcheck of wide4-memcheck.txt's
#    first two lines (3 workspace splits of g32, a cluster pair of g128
#    with zero points and bf16).
#    Prediction: all pass, memcheck clean (the builder's four-warpgroup
#    path passed the wgmma tier at 32 rows, 32 x 256 stream-K).
# 2. A / B against 6440a4d, two rounds if the time allows, the
#    three target cases at 8192^2, 11008 x 4096 and 4096^2, M = 128 (11008:
#    the tile with 3 splits), 193, 256, 512, 1024, 4096, and at 2048 x 7168
#    (4 workspace splits at 257..512: the end that spilled). Prediction: the
#    same MMAs, decode work and bytes on twice the warps at half the
#    registers: equal within 3 % or up to 8 % faster (more warps to hide
#    the decode's latency behind the MMAs); a cell 3 % or more slower keeps
#    the two-warpgroup tile for its range.
# 3. With the time left: the suite's two hand tables of the four-warpgroup
#    tile (wgmma:-5 and wgmma:-4: splits of 4, 3, 6, cluster pairs and
#    threes, 5 and 6 stages, 7 layers x 5 odd shapes, 52 layer runs), then
#    the shapes tier (the planner's tables at the five shapes, M up to 4096,
#    where its 128 x 256 entries run at M = 1000 and 4096, and at 128 for
#    11008 and 28672 x 4096). Prediction: pass.
set -u
LIMIT=${LIMIT:-575}
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
d=bench/results/h200/2026-12-05-session-bf
check_layers wide4 $d/wide4-layers.txt 180
MEMCHECK_TIMEOUT=150 memcheck_layers wide4 $d/wide4-memcheck.txt 1 2
# Two rounds (base, new, base, new) where the time allows; a round cut
# short still leaves the ones before it (bench/ab_compare.py takes the
# medians of what is there).
ab_limit=$((LIMIT - SECONDS - 60)); [ $ab_limit -gt 420 ] && ab_limit=420
OUT=$OUT/ab timeout $ab_limit bash bench/ab.sh dist/main/humming-runtime.tar.xz 2 \
  --cases w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel \
  --shapes 8192x8192,11008x4096,4096x4096,2048x7168 --ms 128,193,256,512,1024,4096 \
  --reps 10 --sweeps 1 --no-graph --peers /nonexistent
echo "ab rc $? $(date +%T)"
python3 bench/ab_compare.py $OUT/ab --json $OUT/ab-compare.json | tee $OUT/ab-compare.md | tail -25
left=$((LIMIT - SECONDS - 10))
[ $left -gt 60 ] && OUT=$OUT/val HUMMING_VALIDATE_BUDGET=$((left - 30)) HUMMING_VALIDATE_ONLY=1 \
  timeout $left bash scripts/device-validate.sh wgmma:-5 wgmma:-4 shapes > $OUT/val.log 2>&1
echo "validate rc $?"; tail -4 $OUT/val.log 2>/dev/null
gpu_clocks
bash scripts/bundle-out.sh
