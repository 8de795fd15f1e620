#!/bin/bash
# For the next device session (carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT", "dist/prev"]; dist/ = f267d32 since session bf: 6440a4d's
# planner, with its 4-CTA 128-column warpgroup tile for 4-bit channel codes
# at 17..32 rows, N 50.7k-67.6k, plus branch exp/wide-4wg's 128 x 256 tile
# of four warpgroups, which no kernel of this call takes (6440a4d
# itself is dist/main/, session bf's call1.sh's baseline); dist/prev/ =
# e697bbb, the planner before the rule (the same as f7a5d2a); all built by
# scripts/build-static.sh, git-ignored). Results go under the card that
# comes (h100 or h200).
# Before the call, `bash scripts/device-aside.sh out 2026-12-05` (the tree
# must fit 64 MiB with the carry); after it, `... back`.
# 1. Reference check (humming-run: fp32 reference on the dequantized
#    weights) of call4-layers.txt, the planner's own tables: 57344 x 8192
#    int4, 59136 x 8000 uint4 with zero points, bf16 and bias, 50816 x
#    2048 (the rule's lower bound) uint4 with zero points and bias;
#    memcheck on the last. Prediction: all pass, memcheck clean.
# 2. A / B against e697bbb, one round, 57344 x 8192 and 59136 x 8192 W4A16
#    channel at M = 17 / 24 / 32 (and 16 / 33, unchanged entries).
#    Prediction (session be's hand entries on an H100): 6-8 % faster at
#    17..32; on an H200 the same or more (its faster HBM leaves the
#    second wave a larger share, as in section 120's call 1).
# 3. Hand entries: the same 4-CTA tile at 57344 x 8192 17..32 rows for
#    the cases the rule leaves out (unmeasured): 4-bit g128 / g64 with the
#    scales in the B fragment (128 registers, 8 bytes of spills; on sums
#    288), W8A16 channel (4 stages, 108 registers) and g128 (`:bf`, 120),
#    against the planner's 1.70 waves (4-bit groups: the 2-CTA tile on
#    sums; 8-bit: 224 CTAs of 8-warp 32 x 256 mma.sync tiles). Prediction:
#    5-10 % faster each (the channel tile's 6-8 %; the B-fragment
#    multiply measured cheaper than spilled sums, section 119).
# 4. The suite's models tier (45 layers with 57344 x 8192) with the time
#    left (M <= 65: none of its tables takes the 128 x 256 tile there).
#    Prediction: passes.
set -u
LIMIT=${LIMIT:-575}
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
d=bench/results/h200/2026-12-05-session-be
check_layers c4 $d/call4-layers.txt 120
MEMCHECK_TIMEOUT=60 memcheck_layers c4 $d/call4-layers.txt 3
OUT=$OUT/ab timeout 200 bash bench/ab.sh dist/prev/humming-runtime.tar.xz 1 \
  --cases w4a16-int4-channel --shapes 57344x8192,59136x8192 --ms 16,17,24,32,33 \
  --reps 15 --sweeps 1 --no-graph --peers /nonexistent
echo "ab rc $? $(date +%T)"
python3 bench/ab_compare.py $OUT/ab --json $OUT/ab-compare.json | tee $OUT/ab-compare.md | tail -14
VARIANT_MS=17,24,32 VARIANT_SWEEPS=2 VARIANT_TIMEOUT=70
entry_variants g128-c4 w4a16-int4-g128 57344x8192 "c4bf=17-32:32x128x64:1x1x1:s6:k1:c4:wg:bf"
entry_variants g64-c4 w4a16-int4-g64 57344x8192 "c4bf=17-32:32x128x64:1x1x1:s6:k1:c4:wg:bf"
entry_variants w8-c4 w8a16-int8-channel 57344x8192 "c4=17-32:32x128x64:1x1x1:s4:k1:c4:wg"
entry_variants w8g128-c4 w8a16-int8-g128 57344x8192 "c4bf=17-32:32x128x64:1x1x1:s4:k1:c4:wg:bf"
left=$((LIMIT - SECONDS - 10))
[ $left -gt 60 ] && OUT=$OUT/val HUMMING_VALIDATE_BUDGET=$((left - 30)) HUMMING_VALIDATE_ONLY=1 \
  timeout $left bash scripts/device-validate.sh models > $OUT/val.log 2>&1
echo "validate rc $?"; tail -4 $OUT/val.log 2>/dev/null
gpu_clocks
bash scripts/bundle-out.sh
