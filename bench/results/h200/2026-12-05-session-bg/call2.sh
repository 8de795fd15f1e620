#!/bin/bash
# For the next device session (not run in session bg: its device time was
# spent). carry ["dist/humming-runtime.tar.xz", "dist/COMMIT", "dist/main",
# "dist/wide4"]: dist/ = main at 2ccbe71 or later (the four-warpgroup 128 x
# 256 tile for 4-bit groups of up to 128; the host reference by rows on
# all cores), dist/main/ = 6440a4d (two warpgroups everywhere), dist/wide4/
# = f267d32 (four warpgroups for every group layer); all built by
# scripts/build-static.sh, git-ignored. Before the call
# `bash scripts/device-aside.sh out session-bg` (three runtimes and the
# tree must fit 64 MiB); after it `... back`. Results go under the card that
# comes. bench/NOTES.md sections 122-123.
# 1. Reference check of call2-layers.txt: 57344 x 8192 int4 channel at M =
#    17 / 32 (the 4-CTA rule on its own layer at full K: session bg's call
#    ran past check-layers.sh's 60 s there), 50816 x 2048 (the rule's lower
#    bound, not reached then), and a 4-bit g64 layer on the four-warpgroup
#    tile. Prediction: all pass, each layer well under 60 s (section 123:
#    the host's share at 57344 x 8192 about 15 s on 16 cores).
# 2. A / B, two rounds: 4-bit g64 (and g32, added in session bh: main
#    takes four warpgroups for it on the same argument) and 8-bit g128 at 8192^2, 11008 x 4096,
#    4096^2 and 2048 x 7168, M = 128..4096; base 6440a4d (two warpgroups),
#    wide4 f267d32 (four for both), new main (four for g64, two for 8-bit
#    g128: the same kernels as base there). Predictions: g64 new / base
#    0.93-1.00 (more per-group sums to drop than g128's 0.94-1.00); 8-bit
#    g128 wide4 / base 0.97-1.05 (the 8-bit channel tile's 1.00-1.09 cost
#    against the sums' gain). Then: g64 3 % or more slower in a range ->
#    the four-warpgroup tile for groups of 128 only; 8-bit g128 at most
#    0.97 everywhere -> extend it to 8-bit groups.
# 3. (Run before 2, which takes the time left.) Nsight Compute of the 128 x
#    256 tile as two and as four warpgroups, W8A16 channel 8192^2 M = 4096
#    (hand tables; four measured 7 % slower there, section 122): tensor-pipe
#    use, stall reasons and issue per SM, to say why. Prediction: four
#    warpgroups show lower tensor-pipe use with more barrier and
#    wgmma-wait stalls per issued instruction (twice the warpgroup fences
#    and drains per HGMMA).
set -u
LIMIT=${LIMIT:-575}
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
d=bench/results/h200/2026-12-05-session-bg
check_layers rule $d/call2-layers.txt 200
for w in 2 4; do
  OUT=$OUT/prof$w timeout 90 bash bench/profile.sh \
    "n=8192 k=8192 weight=int8 scale=channel target=h200 dispatch=1-:128x256x64:1x${w}x1:s6:k1:wg" 4096 \
    > $OUT/prof$w.log 2>&1
  echo "profile $w warpgroups rc $? $(date +%T)"
done
ab_limit=$((LIMIT - SECONDS - 30))
OUT=$OUT/ab AB_EXTRA="wide4=dist/wide4/humming-runtime.tar.xz" timeout $ab_limit \
  bash bench/ab.sh dist/main/humming-runtime.tar.xz 2 \
  --cases w4a16-int4-g64,w4a16-int4-g32,w8a16-int8-g128 \
  --shapes 8192x8192,11008x4096,4096x4096,2048x7168 --ms 128,193,256,512,1024,4096 \
  --reps 10 --sweeps 1 --no-graph --peers /nonexistent
echo "ab rc $? $(date +%T)"
python3 bench/ab_compare.py $OUT/ab --json $OUT/ab-compare.json | tee $OUT/ab-compare.md | tail -50
gpu_clocks
bash scripts/bundle-out.sh
