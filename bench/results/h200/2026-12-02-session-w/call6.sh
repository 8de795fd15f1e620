#!/bin/bash
# Session w, call 6 (no runtime; about 2 min). Section 59 left one form of
# bulk copies untried: everything by the producer warp. "rs-pipe-tma-all-
# producer-warp": per stage one cp.async.bulk.tensor of the activations and
# one cp.async.bulk of the 4 KB of codes, both on the stage's "full"
# mbarrier (expect_tx 12 KB); the consumers only wait on "full", compute,
# and release on "empty": no cp.async, no wait_group, no CTA barrier in
# the loop (122 registers). This is the warp-specialized form Hopper GEMMs
# use.
# Prediction: between the resident-activations figure (~400 cold) and
# tma-acts-producer-warp (~558): ~450-520 cold if the bulk copies' slow
# delivery (section 59) is the cost, ~400-420 if the cp.async beside them
# was. Then ncu's source counters on it.
set -u
nvcc -O3 -gencode arch=compute_90a,code=sm_90a -o /tmp/wgmma_probe bench/wgmma_probe.cu -lcuda > $OUT/build.log 2>&1 || { cat $OUT/build.log; exit 1; }
/tmp/wgmma_probe | tee $OUT/probe.json | grep -E '"rs-pipe"|resident|tma'
ncu="$(command -v ncu || ls /usr/local/cuda/nsight-compute*/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)"
timeout 200 "$ncu" --clock-control none --kernel-name-base mangled -k "regex:rsPipeTmaILb1ELb1ELb1E" -s 2 -c 1 \
  --section SpeedOfLight --section WarpStateStats --section SourceCounters --section MemoryWorkloadAnalysis \
  -o "$OUT/tma-all" /tmp/wgmma_probe > "$OUT/tma-all-run.log" 2>&1
"$ncu" -i "$OUT/tma-all.ncu-rep" --print-details all > "$OUT/tma-all.txt" 2>&1
"$ncu" -i "$OUT/tma-all.ncu-rep" --page source --csv --print-source sass > "$OUT/tma-all-sass.csv" 2>&1
grep -E "Duration|Stall (Long|Barrier|Wait|GMMA)|Issued Warp" "$OUT/tma-all.txt" | head -12
rm -f "$OUT"/*.ncu-rep
bash scripts/bundle-out.sh > /dev/null
