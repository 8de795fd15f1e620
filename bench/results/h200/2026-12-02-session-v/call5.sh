#!/bin/bash
# Session v, call 5 (no runtime; about 1 min). Call 3: the 33..64 wgmma
# loop alone runs at 82-84 % of the tensor peak (306-311 cycles per
# 64 x 128 x 64), 9.9 us for 8192^2 M = 64, against the kernel's 21.6 hot.
# Call 4: halving the activation re-reads (256-column tiles) was 2-3 us
# slower. Now the probe's loop with the planner's memory pipeline
# ("rs-pipe": 16 stages of 8 KB activations + 4 KB codes, cp.async, wait
# for four stages, proxy fence, CTA barrier, refill four per iteration),
# the planner's grid (128 CTAs x 64 k-blocks, 33.5 MB of codes), hot and
# cold; without the proxy fence; with the activations resident.
# Prediction: rs-pipe 450-600 cycles per k-block hot (the kernel's loop:
# ~570), the fence 30-60 of them; resident activations 0-50 fewer.
set -u
nvcc -O3 -gencode arch=compute_90a,code=sm_90a -o /tmp/wgmma_probe bench/wgmma_probe.cu > $OUT/build.log 2>&1 || { cat $OUT/build.log; exit 1; }
/tmp/wgmma_probe | tee $OUT/probe.json
