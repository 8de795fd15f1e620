#!/bin/bash
# Session m, call 2: bench/copy_probe.cu, a streaming read staged through
# shared memory by per-thread cp.async against bulk copies (section 35).
nvcc -O2 -arch=sm_90a -o /tmp/copy_probe bench/copy_probe.cu > $OUT/build.log 2>&1 || { cat $OUT/build.log; exit 1; }
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv,noheader
/tmp/copy_probe > $OUT/probe.json 2> $OUT/probe.err; echo "probe rc $?"; cat $OUT/probe.err | head
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu,power.draw --format=csv,noheader
python3 - <<'PY' $OUT/probe.json
import json,sys
for l in open(sys.argv[1]):
    r=json.loads(l); print(f"{r['bytes_read']/1e6:6.1f}MB grid {r['grid']:3d} {r['variant']:8s} S{r['stages']:2d} x{r['stage_bytes']:6d}  {r['median_us']:6.2f} ({r['min_us']:.2f}-{r['max_us']:.2f})")
PY
