#!/bin/bash
# Session w, call 2 (no runtime; about 3 min). Call 1 refuted the
# prediction: rs-pipe-tma-acts took 581 cycles per k-block hot and 600
# cold, against rs-pipe's 419 / 448 and 372 / 401 with the activations
# resident. Its loop's SASS is rs-pipe's, HGMMA for HGMMA; what differs is
# thread 0 arming a barrier and issuing a UTMALDG per stage after the
# iteration's barrier (so warp 0, and with it warpgroup 0's MMAs, waits
# for them), the 256 threads polling four mbarriers, and the tensor map
# read from parameter space with no prefetch.
# Variants: "-prefetch" (prefetch.tensormap once); "-producer-warp" (a
# ninth warp issues each stage's copy when both warpgroups released it,
# with an "empty" mbarrier per stage; no MMA warp carries a copy).
# Prediction: if warp 0's serialised issue is the cost, producer-warp
# lands near the resident-activations figure (~400 cold) and prefetch
# changes nothing; if the tensor map's fetch is, prefetch recovers most.
# Then ncu (source counters, warp states) on tma-acts, producer-warp and
# rs-pipe, for the stall reasons per instruction.
set -u
nvcc -O3 -gencode arch=compute_90a,code=sm_90a -o /tmp/wgmma_probe bench/wgmma_probe.cu -lcuda > $OUT/build.log 2>&1 || { cat $OUT/build.log; exit 1; }
/tmp/wgmma_probe | tee $OUT/probe.json | grep -E '"rs-pipe"|resident-acts|tma-acts'
ncu="$(command -v ncu || ls /usr/local/cuda/nsight-compute*/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)"
for pair in tma:rsPipeTmaILb0ELb0E producer:rsPipeTmaILb1ELb1E pipe:rsPipeILb1ELb1ELi0ELb1ELi4ELi16E; do
  tag=${pair%%:*}; k=${pair#*:}
  timeout 200 "$ncu" --clock-control none --kernel-name-base mangled -k "regex:$k" -s 2 -c 1 \
    --section SpeedOfLight --section WarpStateStats --section SourceCounters \
    -o "$OUT/$tag" /tmp/wgmma_probe > "$OUT/$tag-run.log" 2>&1
  "$ncu" -i "$OUT/$tag.ncu-rep" --print-details all > "$OUT/$tag.txt" 2>&1
  "$ncu" -i "$OUT/$tag.ncu-rep" --page source --csv --print-source sass > "$OUT/$tag-sass.csv" 2>&1
  grep -E "Duration|Stall|Warp Cycles Per Issued|Issued Warp" "$OUT/$tag.txt" | head -20
done
