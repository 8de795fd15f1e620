#!/bin/bash
# Session v, call 9 (no runtime; about 1 min). Calls 5-8: the probe's
# pipelined loop costs 446 cycles per k-block cold against 306 bare; the
# copies' place in the iteration is not the cost, the fence is 13, the
# activations' copies 45, the codes' 17-34. What is left is the wait and
# the barrier per iteration. "rs-pipe-8-per-iteration": eight k-blocks per
# wait, fence and barrier instead of four, with the same 16 stages (so only
# the eight refilled last iteration are ahead at the wait).
# Prediction: 400-430 cycles cold if the per-iteration synchronisation is
# the cost and one iteration of lead (~2400 cycles) covers the copies'
# latency; above 447 if it does not.
set -u
nvcc -O3 -gencode arch=compute_90a,code=sm_90a -o /tmp/wgmma_probe bench/wgmma_probe.cu > $OUT/build.log 2>&1 || { cat $OUT/build.log; exit 1; }
/tmp/wgmma_probe | tee $OUT/probe.json | grep rs-pipe
