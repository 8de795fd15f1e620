#!/bin/bash
# Session v, call 3 (no runtime needed; about 1 min): bench/wgmma_probe.cu,
# the 33..64-row wgmma loop without its stream. Today's register-operand
# loop ("rs", the planner's 64 x 128 kernel's structure) against the
# shared-memory-operand design of NOTES' "why missed" section ("ss":
# decoded weights stored with stmatrix, m64n128k16 with both operands from
# shared memory, one k-block's MMAs in flight while the next decodes;
# "ss-barrier4": a CTA barrier every 4 k-blocks instead of every one;
# "ss0": no MMA in flight across k-blocks). 132 CTAs, one per SM, the
# stages filled once (hot); results checked against a host reference.
# Prediction, cycles per 64 x 128 x 64 MACs (256 at the tensor peak): rs
# 500-650 (the real kernel's loop: ~2200-2600 cycles per 4 such k-blocks,
# section 33); ss 380-450 (shared-memory bandwidth, ~1.6x the MMA time);
# ss0 450-550.
set -u
nvcc -O3 -gencode arch=compute_90a,code=sm_90a -o /tmp/wgmma_probe bench/wgmma_probe.cu > $OUT/build.log 2>&1 || { cat $OUT/build.log; exit 1; }
/tmp/wgmma_probe | tee $OUT/probe.json
