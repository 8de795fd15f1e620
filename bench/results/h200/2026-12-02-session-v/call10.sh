#!/bin/bash
# Session v, call 10 (no runtime; about 1 min). Section 58's open question:
# do the probe's copies cost through their instructions or their bytes?
# "rs-pipe-acts-4-bytes": the same activation copy instructions, each
# moving 4 of its 16 bytes (17 MB instead of 67 MB through L2; the result
# is wrong by design, timed only).
# Prediction: bytes -> near the resident-activations figure (372 hot / 401
# cold); instructions -> near rs-pipe (420 / 447).
set -u
nvcc -O3 -gencode arch=compute_90a,code=sm_90a -o /tmp/wgmma_probe bench/wgmma_probe.cu > $OUT/build.log 2>&1 || { cat $OUT/build.log; exit 1; }
/tmp/wgmma_probe | tee $OUT/probe.json | grep -E '"rs-pipe"|resident-acts|4-bytes'
