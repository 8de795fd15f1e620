#!/bin/bash
# For the next device session (carry ["dist", "peers"]; dist/ = main's tip
# from scripts/build-static.sh, dist/prev/ = 361c57e's build, before
# session bb's planner rules): sections 114-115 were measured on an H100
# only.
# 1. A / B against dist/prev, one round, W4A16 channel (and g128 / W8A16
#    at 14336 x 4096), M = 1 / 16 / 32 / 64, at 14336 x 4096, 18944 x
#    3584, 37888 x 3584, 22016 x 4096, 13824 x 5120. Prediction (the H100
#    gains, H200 bandwidth 1.4x): 14336 x 4096 1.5-2 us faster at 32 / 64
#    channel, 3-4 W8A16; 37888 x 3584 6-9 at 1..32; the others 0.3-3.
# 2. The planner against Marlin (built here) on the same five shapes,
#    W4A16 channel, M = 1 / 16 / 32 / 64. Prediction: faster in every
#    cell.
# 3. 37900 x 4096 (N an odd multiple of 64: no 128-column tile divides
#    it, and up to 16 rows the planner falls back to 593 CTAs of 2 warps):
#    the 2 x 2-warp 64-column tile at 5 CTAs per SM, 8 stages (593 of 660
#    slots, 52 / 64 registers), and at 4, 12 stages. Prediction: one of
#    them 3-8 us faster at 1..16.
# 4. 18944 x 3584 channel at 1..16: the 32-column blocks of 4 warps at 5
#    CTAs per SM (12 stages) against the planner's 3-CTA staged tile
#    (section 115: 0.4-0.7 faster at 1..9 on the H100). Prediction: the
#    same on the H200.
# 5. Falcon-7B's 4544 x 4544 (71 tiles of 64; N an odd multiple of 64):
#    at 17..64 the planner falls back to 2-warp mma.sync 32 x 64 tiles
#    (the 3-CTA warpgroup tile would split 5 ways, 14 k-blocks a unit,
#    under its 24), against that tile in 2 splits as cluster pairs and in
#    3 through the workspace (78-152 registers, no spills). Prediction:
#    one of them 20-40 % faster at 17..64.
# 6. 57344 x 8192 (Llama-3-70B's fused gate-up) takes 1.70 waves at every
#    M <= 64: 224 tiles of 256 columns at one CTA per SM up to 16 rows,
#    448 of 128 at two from 17 (92 SMs do two, 40 one). 64-column tiles
#    make 896 (6.79 an SM, the busiest 7: 1.03 x the mean, against 1.18):
#    at 1..16 the 4-warp 8 / 16 x 64 tile at 5 and 7 CTAs per SM (52 / 64
#    registers, 8 stages), at 17..64 the 64-column warpgroup tile at 5
#    (89 / 96 registers). Prediction: 5-10 % faster at every M (3-6 us
#    of ~60 at M = 1 on an H200), if 92 SMs alone cannot keep HBM busy.
set -u
LIMIT=${LIMIT:-575}
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
ls peers/marlin_cuda*.so > /dev/null 2>&1 || { bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"; } &
OUT=$OUT/ab timeout $((LIMIT - SECONDS - 300)) bash bench/ab.sh dist/prev/humming-runtime.tar.xz 1 \
  --cases w4a16-int4-channel --shapes 14336x4096,18944x3584,37888x3584,22016x4096,13824x5120 \
  --ms 1,16,32,64 --reps 15 --sweeps 1 --no-graph --peers /nonexistent
echo "ab rc $? $(date +%T)"
wait
OUT=$OUT/marlin timeout $((LIMIT - SECONDS - 200)) bash bench/run.sh \
  --cases w4a16-int4-channel --shapes 14336x4096,18944x3584,37888x3584,22016x4096,13824x5120 \
  --ms 1,16,32,64 --reps 15 --sweeps 1 --no-graph > $OUT/marlin.log 2>&1
echo "marlin rc $?"; grep -E "^## |^\| (humming-mlir|marlin|cublas-fp16|floor|speedup)" $OUT/marlin.log
VARIANT_MS=1,8,9,16 VARIANT_TIMEOUT=90
entry_variants odd-37900 w4a16-int4-channel 37900x4096 \
  "c5=1-8:8x64x64:1x2x2:s8:k1:c5:sw 9-16:16x64x64:1x2x2:s8:k1:c5" \
  "c4=1-8:8x64x64:1x2x2:s12:k1:c4:sw 9-16:16x64x64:1x2x2:s12:k1:c4"
entry_variants q18944-c5 w4a16-int4-channel 18944x3584 \
  "c5=1-8:8x32x64:1x1x4:s12:k1:c5:sw 9-16:16x32x64:1x1x4:s12:k1:c5"
VARIANT_MS=17,32,48,64
s="n=4544 k=4544 $(case_spec w4a16-int4-channel) target=h200"
t0=$(plan_table "$s")
fb=17-64:32x64x64:1x1x2:s8:k1
variants falcon-4544 w4a16-int4-channel 4544x4544 \
  "pair=dispatch=${t0/$fb/17-32:32x64x64:1x1x1:s6:kc2:c3:wg,33-64:64x64x64:1x1x1:s6:kc2:c3:wg}" \
  "k3=dispatch=${t0/$fb/17-32:32x64x64:1x1x1:s6:k3:c3:wg,33-64:64x64x64:1x1x1:s6:k3:c3:wg}"
VARIANT_MS=1,8,9,16 VARIANT_TIMEOUT=120
entry_variants w57344-small w4a16-int4-channel 57344x8192 \
  "c5=1-8:8x64x64:1x2x2:s8:k1:c5:sw 9-16:16x64x64:1x2x2:s8:k1:c5" \
  "c7=1-8:8x64x64:1x2x2:s8:k1:c7:sw 9-16:16x64x64:1x2x2:s8:k1:c7"
VARIANT_MS=17,32,48,64
entry_variants w57344-wg w4a16-int4-channel 57344x8192 \
  "c5wg=17-32:32x64x64:1x1x1:s6:k1:c5:wg 33-64:64x64x64:1x1x1:s4:k1:c5:wg"
gpu_clocks
bash scripts/bundle-out.sh
