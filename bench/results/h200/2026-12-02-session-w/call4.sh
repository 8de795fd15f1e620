#!/bin/bash
# Session w, call 4 (no runtime; about 1 min). Call 3: 8 copies of the
# activations (8 CTAs per line instead of 64) changed neither rs-pipe
# (457 -> 464 cold) nor the producer-warp TMA variant (558 -> 569): the
# same-line fan-in is not the TMA's cost, and bulk tensor copies lose on
# this traffic. Section 58's call 10 ("acts-4-bytes", no gain) is not the
# test of bytes it was read as: a warp copying 4 of every 16 bytes still
# touches every 32-byte sector, so the L2 -> SM traffic was unchanged. The
# loop moves ~100 MB from L2 in ~14 us (~7 TB/s), at the hot read floor.
# Test: the same copy instructions (LDGSTS with the zero-fill predicate)
# reading one chunk in 2 or 4 (the others zero-filled, nothing read).
# Prediction: if the L2 -> SM bandwidth binds the loop, half-sectors drops
# to ~415-425 cold and quarter-sectors to ~400 (the resident-activations
# figure); if the instructions do, both stay at ~447.
set -u
nvcc -O3 -gencode arch=compute_90a,code=sm_90a -o /tmp/wgmma_probe bench/wgmma_probe.cu -lcuda > $OUT/build.log 2>&1 || { cat $OUT/build.log; exit 1; }
/tmp/wgmma_probe | tee $OUT/probe.json | grep -E '"rs-pipe"|resident-acts|sectors|4-bytes'
