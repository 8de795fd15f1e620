#!/bin/bash
# Session be, call 3 (carry ["dist", "peers"]; dist/ = f7a5d2a, main's
# kernels and planner; the harness of the working tree, which now prints
# the floor at the GPU's own measured streaming read where ANCHORS.md has
# no figure for it). Results go under the card that comes.
# 1. On an H200: the final run at main's tip with Marlin in the same run.
#    Prediction: every cell within the spread of bench-2026-12-05-515af44
#    (the planner's changes since reach none of the five shapes), and the
#    header's floor at 4.3 TB/s (ANCHORS.md). On an H100: one shape
#    (8192^2 W4A16 channel, M = 1 / 16 / 64) to check the harness's floor,
#    predicted at 2.6-3.0 TB/s of measured read.
# 2. 57344 x 8192 W4A16 channel (Llama-3-70B's fused gate-up), the layer
#    nearest Marlin on an H100 (M = 32: 104.5 against 105.9, call 2): its
#    17..64-row tiles take 448 of 264 slots (1.70 waves). Against one
#    wave of 224 32 / 64 x 256 tiles of two warpgroups at 2 CTAs per SM,
#    and of 448 one-warpgroup 128-column tiles at 4 CTAs per SM (4 / 12
#    bytes of spills). Prediction: within 3 % (section 116: 1.70 waves
#    cost under 3 % where every CTA streams long; the busiest SM holds 4
#    of 3.39 mean units in all three).
# 3. The GPU suite's smoke, shapes and wgmma tiers at main's tip (last run
#    whole at 515af44; the builders' PTX unchanged since per session aw,
#    the planner changed only beyond the five shapes). Prediction: passes.
set -u
LIMIT=${LIMIT:-575}
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
echo "gpu: $gpu"
if [[ $gpu == *H200* ]]; then
  ls peers/marlin_cuda*.so > /dev/null 2>&1 || { bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"; }
  OUT=$OUT/full timeout 240 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
  echo "full rc $?"; grep -E "Floor|streaming read" $OUT/full/bench/*.md | head -3; tail -3 $OUT/full.log
else
  OUT=$OUT/floor timeout 90 bash bench/run.sh --cases w4a16-int4-channel --shapes 8192x8192 \
    --ms 1,16,64 --reps 15 --sweeps 1 --no-graph --peers /nonexistent > $OUT/floor.log 2>&1
  echo "floor rc $?"; grep -E "Floor|streaming read|^\| (humming-mlir|floor|ours)" $OUT/floor/bench/*.md
fi
gpu_clocks
VARIANT_MS=17,24,32,33,48,64 VARIANT_SWEEPS=2 VARIANT_TIMEOUT=150
entry_variants wide57344 w4a16-int4-channel 57344x8192 \
  "w256c2=17-32:32x256x64:1x2x1:s8:k1:c2:wg 33-64:64x256x64:1x2x1:s6:k1:c2:wg" \
  "w128c4=17-32:32x128x64:1x1x1:s6:k1:c4:wg 33-64:64x128x64:1x1x1:s4:k1:c4:wg"
gpu_clocks
left=$((LIMIT - SECONDS - 15))
[ $left -gt 60 ] && OUT=$OUT/val HUMMING_VALIDATE_BUDGET=$((left - 40)) HUMMING_VALIDATE_ONLY=1 \
  timeout $left bash scripts/device-validate.sh smoke shapes wgmma > $OUT/val.log 2>&1
echo "validate rc $?"; tail -6 $OUT/val.log 2>/dev/null
gpu_clocks
bash scripts/bundle-out.sh
