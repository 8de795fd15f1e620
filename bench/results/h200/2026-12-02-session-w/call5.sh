#!/bin/bash
# Session w, call 5 (no runtime; about 1 min). Section 59 closed bulk
# tensor copies for the activations. The other part of section 58's bound:
# the codes off the copy path (resident codes: 420-430 cold against 447).
# "rs-pipe-reg-codes-8" / "-16": each thread loads its four code words of
# a k-block with one 16-byte ld.global.nc straight into registers, 8 or 16
# k-blocks ahead (167 / 226 registers, no spills); no code stages, no code
# cp.async, no code LDS. The activations stay rs-pipe's 16-stage ring.
# Prediction: -16 at or below the resident-codes figure (~420-430 cold,
# ~385 hot; it also drops the code LDS); -8 worse cold (8 k-blocks, ~3600
# cycles, are short of a cold DRAM load's latency under this load).
set -u
nvcc -O3 -gencode arch=compute_90a,code=sm_90a -o /tmp/wgmma_probe bench/wgmma_probe.cu -lcuda > $OUT/build.log 2>&1 || { cat $OUT/build.log; exit 1; }
/tmp/wgmma_probe | tee $OUT/probe.json | grep -E '"rs-pipe"|resident|reg-codes'
