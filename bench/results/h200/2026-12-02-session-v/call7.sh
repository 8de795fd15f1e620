#!/bin/bash
# Session v, call 7 (no runtime; about 1 min). Call 6 (ncu): the probe's
# loop with the planner's memory pipeline (rs-pipe) takes 19.3-20.4 us
# against our kernel's 23.5, and call 5 timed its loop at 447 cycles per
# k-block cold against 306 without the stream. rs-pipe's 146 extra
# instructions an iteration (copies, addresses, wait, fence) sit between
# the barrier and the first MMA, where the tensor pipe is drained anyway:
# 4 x 306 + ~450 = ~1680 cycles an iteration, 420 a k-block, as measured
# hot. Now the refill copies moved behind MMAs: all four after the first
# k-block's MMAs (NOTES section 26 did this in our kernels: 0.3-1.0 us at
# M = 64), or one k-block's after each k-block's MMAs.
# Prediction: after-first 380-420 cycles cold, spread 340-400; if spread
# is under 400, build it into the cooperative wgmma loop and measure.
set -u
nvcc -O3 -gencode arch=compute_90a,code=sm_90a -o /tmp/wgmma_probe bench/wgmma_probe.cu > $OUT/build.log 2>&1 || { cat $OUT/build.log; exit 1; }
/tmp/wgmma_probe | tee $OUT/probe.json | grep rs-pipe
