#!/bin/bash
# For the next device session, after session be's call4.sh:
#   carry ["dist/humming-runtime.tar.xz", "dist/COMMIT", "dist/main"]
# dist/ = 4104a60 (branch exp/wide-4wg: the planner's 128 x 256 warpgroup
# tile as four warpgroups of one weight tile, group scales in the B
# fragment); dist/main/ = 6440a4d (main's kernels: main's later commits
# change no plan). Both built by scripts/build-static.sh, git-ignored.
# Results go under the card that comes (h100 or h200). NOTES section 121.
# Before the call, `bash scripts/device-aside.sh out 2026-12-05` (the tree
# must fit 64 MiB with the carry); after it, `... back`.
# 1. Reference check (humming-run: fp32 reference on the dequantized
#    weights) of wide4-layers.txt, the planner's own tables at the M values
#    its 128 x 256 entries take (workspace splits of 3, cluster pairs,
#    unsplit; int4 / uint4 / uint8 / fp8 / int4 g32, zero points, bf16,
#    bias, partial M tiles, K = 4160); memcheck of wide4-memcheck.txt's
#    first two lines (3 workspace splits of g32, a cluster pair of g128
#    with zero points and bf16).
#    Prediction: all pass, memcheck clean (the builder's four-warpgroup
#    path passed the wgmma tier at 32 rows, 32 x 256 stream-K).
# 2. A / B against 6440a4d, one round (a second if the time allows), the
#    three target cases at 8192^2, 11008 x 4096 and 4096^2, M = 128 (11008:
#    the tile with 3 splits), 193, 256, 512, 1024, 4096. Prediction: the
#    same MMAs, decode work and bytes on twice the warps at half the
#    registers: equal within 3 % or up to 8 % faster (more warps to hide
#    the decode's latency behind the MMAs); a cell 3 % or more slower keeps
#    the two-warpgroup tile for its range.
# 3. The suite's two hand tables of the four-warpgroup tile (wgmma:-5 and
#    wgmma:-4: splits of 4, 3, 6, cluster pairs and threes, 5 and 6 stages,
#    7 layers x 5 odd shapes, 52 layer runs) with the time left.
#    Prediction: pass.
set -u
LIMIT=${LIMIT:-575}
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
d=bench/results/h200/2026-12-05-session-bf
check_layers wide4 $d/wide4-layers.txt 180
MEMCHECK_TIMEOUT=150 memcheck_layers wide4 $d/wide4-memcheck.txt 1 2
ab() {
  OUT=$OUT/ab$1 timeout "$2" bash bench/ab.sh dist/main/humming-runtime.tar.xz 1 \
    --cases w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel \
    --shapes 8192x8192,11008x4096,4096x4096 --ms 128,193,256,512,1024,4096 \
    --reps 10 --sweeps 1 --no-graph --peers /nonexistent
  echo "ab$1 rc $? $(date +%T)"
}
ab 1 240
[ $((LIMIT - SECONDS)) -gt 330 ] && ab 2 220
left=$((LIMIT - SECONDS - 10))
[ $left -gt 60 ] && OUT=$OUT/val HUMMING_VALIDATE_BUDGET=$((left - 30)) HUMMING_VALIDATE_ONLY=1 \
  timeout $left bash scripts/device-validate.sh wgmma:-5 wgmma:-4 > $OUT/val.log 2>&1
echo "validate rc $?"; tail -4 $OUT/val.log 2>/dev/null
gpu_clocks
bash scripts/bundle-out.sh
