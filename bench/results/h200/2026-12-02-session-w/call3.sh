#!/bin/bash
# Session w, call 3 (no runtime; about 1 min). Call 2: a producer warp
# (copies issued as soon as a stage is free, up to 16 stages ahead) took
# the TMA variant from 600 to 558 cycles per k-block cold, still above
# rs-pipe's 447; prefetching the tensor map changed nothing. Its ncu
# samples put 18 % of the stalls on the consumers' wait for the stages'
# "full" barriers (long scoreboard at the try_wait), so the bulk copies
# arrive late although issued 16 stages ahead: the TMA unit delivers this
# traffic slower than 256 threads' cp.async do. Every activation line is
# read by the 64 CTAs of its split at about the same time.
# Test: 8 copies of the activations (8 CTAs per line), for both rs-pipe and
# the producer-warp TMA variant.
# Prediction: if the same-line fan-in is the TMA's cost, the 8-copy TMA
# variant drops to about the resident-activations figure (~400 cold) and
# rs-pipe moves little; if both stay where they are, TMA loses on this
# traffic regardless, and the lead is closed.
set -u
nvcc -O3 -gencode arch=compute_90a,code=sm_90a -o /tmp/wgmma_probe bench/wgmma_probe.cu -lcuda > $OUT/build.log 2>&1 || { cat $OUT/build.log; exit 1; }
/tmp/wgmma_probe | tee $OUT/probe.json | grep -E '"rs-pipe"|resident-acts|tma-acts|copies'
