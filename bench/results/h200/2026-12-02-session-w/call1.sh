#!/bin/bash
# Session w call 1 (written in session v after its device time was spent;
# no runtime needed, about 1 min): bench/wgmma_probe.cu's
# "rs-pipe-tma-acts", the planner's 33..64-row pipelined loop with the
# activation stages filled by bulk tensor copies (one cp.async.bulk.tensor
# per stage from thread 0, 128-byte swizzle by the tensor map, an mbarrier
# per stage; no proxy fence), beside rs-pipe and its resident-activations
# bound in the same run. NOTES section 58: the copies cost through their
# instructions (45 cycles a k-block for the activations, 13 the fence).
# Prediction: rs-pipe-tma-acts 400-420 cycles per k-block cold (rs-pipe
# ~447, resident activations ~401), 0 mismatches. If it is within ~15 of
# the resident figure, bulk tensor copies for the activation stages are
# worth building into the cooperative wgmma loop (~1.5-1.9 us at 8192^2
# M = 64); if it is near rs-pipe, they are not.
set -u
nvcc -O3 -gencode arch=compute_90a,code=sm_90a -o /tmp/wgmma_probe bench/wgmma_probe.cu -lcuda > $OUT/build.log 2>&1 || { cat $OUT/build.log; exit 1; }
/tmp/wgmma_probe | tee $OUT/probe.json | grep -E '"rs-pipe"|resident-acts|tma-acts'
