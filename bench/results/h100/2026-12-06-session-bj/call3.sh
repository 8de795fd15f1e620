#!/bin/bash
# Session bj, call 3 (carry ["dist/humming-runtime.tar.xz", "dist/COMMIT"]; dist
# = 2413cf2 + an uncommitted build-local switch HUMMING_EXP_WGMMA_WAIT in
# emitWgmmaComputeStage, for tiles of four warpgroups only: `kblock` waits
# for each k-block's MMAs (wgmma.wait_group 0 after its commit) instead of
# once an iteration; unset = main's kernels).
# Why: call 6's profile and SASS: the 8-bit four-warpgroup loop at i2 keeps
# all 8 k16 steps' A fragments (32 registers) live until the iteration's
# wait, hits the 128-register cap (512 threads), spills 6 values and
# re-reads the thread index (S2R) in the loop, 8 times at s6:i2; ptxas
# serialises the 4-bit i4 loop instead (a wait after every HGMMA). With
# the wait per k-block: 124 registers, no spills, no S2R in the loop
# (8-bit, here); 4-bit 125 registers, 4 MMAs in flight instead of 1.
# Prediction: W8A16 four warpgroups s4:i2 / s6:i2 1-4 % faster with
# `kblock` than without (the remat and spill instructions are ~5-9 % of
# the loop's, issue is not the bound); still 0-8 % slower than the planner's
# two warpgroups at 11008 x 4096; W4A16 planner (four warpgroups s8:i4 at
# 193+) within 1 % either way. If 8-bit four warpgroups with `kblock` come
# within 1 % of two everywhere here, they are a candidate for the planner
# (the compile target's last 128 x 256 kernels).
set -u
LIMIT=${LIMIT:-330}
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
w8=$(case_spec w8a16-int8-channel)
t11=$(plan_table "n=11008 k=4096 $w8 target=h200")
t11s4=$(plan_table "n=11008 k=4096 $w8 target=h200" "193-:128x256x64:1x4x1:s4:k1:wg:i2")
t11s6=$(plan_table "n=11008 k=4096 $w8 target=h200" "193-:128x256x64:1x4x1:s6:k1:wg:i2")
t8s4=$(plan_table "n=8192 k=8192 $w8 target=h200" "193-256:128x256x64:1x4x1:s4:kc2:wg:i2" "257-:128x256x64:1x4x1:s4:k1:wg:i2")
echo "11008: $t11"; echo "11008 s4: $t11s4"; echo "8192 s4: $t8s4"
common=(--reps 10 --sweeps 1 --no-graph --peers /nonexistent)
export RUNTIME_VARIANT_TIMEOUT=70
for r in 1 2; do
  for mode in none kblock; do
    [ $((LIMIT - SECONDS)) -gt 80 ] || break 2
    runtime_variant w8-11008-$mode-$r "" exp HUMMING_EXP_WGMMA_WAIT=$mode -- --cases w8a16-int8-channel \
      --shapes 11008x4096 --ms 256,512,1024 "${common[@]}" --variant "s4=dispatch=$t11s4" --variant "s6=dispatch=$t11s6"
    runtime_variant w8-8192-$mode-$r "" exp HUMMING_EXP_WGMMA_WAIT=$mode -- --cases w8a16-int8-channel \
      --shapes 8192x8192 --ms 256,1024,4096 "${common[@]}" --variant "s4=dispatch=$t8s4"
    runtime_variant w4-$mode-$r "" exp HUMMING_EXP_WGMMA_WAIT=$mode -- --cases w4a16-int4-channel \
      --shapes 11008x4096,8192x8192 --ms 256,1024,4096 "${common[@]}"
  done
done
gpu_clocks
bash scripts/bundle-out.sh
