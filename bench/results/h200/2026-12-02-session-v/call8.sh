#!/bin/bash
# Session v, call 8 (no runtime; about 1 min). Call 7: moving the refill
# copies behind MMAs made the probe's pipelined loop slower (after the
# first k-block 458, spread 489 cycles per k-block cold, against 446), so
# the copies' place in the iteration is not its cost; activations kept
# resident saved 45. Now the other half: codes resident, activations
# streamed ("rs-pipe-resident-codes": what loading the codes straight into
# registers, outside shared memory, would at most give).
# Prediction: 20-30 cycles per k-block fewer than rs-pipe (4 of its 12 KB
# of copies per k-block, and the codes' bytes are half the activations').
set -u
nvcc -O3 -gencode arch=compute_90a,code=sm_90a -o /tmp/wgmma_probe bench/wgmma_probe.cu > $OUT/build.log 2>&1 || { cat $OUT/build.log; exit 1; }
/tmp/wgmma_probe | tee $OUT/probe.json | grep rs-pipe
