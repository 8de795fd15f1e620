#!/bin/bash
# Session m, call 3: (1) bench/copy_probe.cu with deeper cp.async pipelines
# (16-32 KB stages, 4-12 of them); (2) our M <= 8 (g128: <= 16) kernel at
# 8192 x 8192 with deeper pipelines beside the planner's (16 x 256, 4
# splits, 8 stages): 12, 16, 20 stages, and 16 x 128 at 2 CTAs per SM.
nvcc -O2 -arch=sm_90a -o /tmp/copy_probe bench/copy_probe.cu > $OUT/build.log 2>&1 || { cat $OUT/build.log; exit 1; }
/tmp/copy_probe > $OUT/probe.json 2> $OUT/probe.err; echo "probe rc $?"; head -3 $OUT/probe.err
python3 - <<'PY' $OUT/probe.json
import json,sys
for l in open(sys.argv[1]):
    r=json.loads(l)
    if r['variant'].startswith('bulk') and r['stage_bytes']<8192: continue
    print(f"{r['bytes_read']/1e6:6.1f}MB grid {r['grid']:3d} {r['variant']:8s} S{r['stages']:2d} x{r['stage_bytes']:6d}  {r['median_us']:6.2f} ({r['min_us']:.2f}-{r['max_us']:.2f})")
PY
source scripts/runtime-env.sh
T="17-32:32x128x64:1x2x1:s16:k2:wg,33-64:64x128x64:1x2x1:s16:k2:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1"
v() { c=$1; ms=$2; shift 2; OUT=$OUT/v-$c timeout 150 bash bench/run.sh --cases $c --shapes 8192x8192 --ms $ms --reps 15 --sweeps 2 --no-graph "$@" > $OUT/v-$c.log 2>&1; echo "== $c rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/v-$c.log; grep -iE "gate|error|fail" $OUT/v-$c.log | head -3; }
N9="9-16:16x64x64:1x2x4:s24:k1"
v w4a16-int4-channel 1,4,8 --variant "s12=dispatch=1-8:16x256x64:1x8x1:s12:k4,$N9,$T" --variant "s16=dispatch=1-8:16x256x64:1x8x1:s16:k4,$N9,$T" --variant "s20=dispatch=1-8:16x256x64:1x8x1:s20:k4,$N9,$T" --variant "c2=dispatch=1-8:16x128x64:1x4x2:s16:k4:c2,$N9,$T"
v w4a16-int4-g128 1,8,16 --variant "s12=dispatch=1-16:16x256x64:1x8x1:s12:k4,$T" --variant "s16=dispatch=1-16:16x256x64:1x8x1:s16:k4,$T"
bash scripts/bundle-out.sh
