#!/bin/bash
# Session t, call 3 (about 2 min): call 2 contradicted call 1 for 4 KB
# stages (striped 12.93 against 11.97 at 33.5 MB; call 1 had 11.30 against
# 11.94), reproduced it for 16-32 KB stages with one window (10.94-11.04
# against 11.39-11.65), and found 2-8 windows no better than regions. The
# reader of calls 1-2 waits per stage; our kernels wait once per 2-4
# stages. This call times our pipeline without the math ("piped": 16 stages
# of 4 KB, 4 per wait, as W8A16's unsplit 1..8 kernel at 128 CTAs; 8 of 4
# KB, 2 per wait, as W4A16's 1..8 kernel at 256 CTAs) over a weight layout
# of rows of R stages per CTA, the CTAs of a window side by side in a row
# (R = 8 and 16; 1, 2 and 4 windows), against each CTA's own region.
# Prediction: with one window (unsplit kernels) 0.3-1.0 us faster than
# regions at 67.1 MB; 2-4 windows within 0.2 of regions. Twice, to see the
# placement spread.
set -u
nvcc -O2 -arch=sm_90a -shared -Xcompiler -fPIC -DCOPY_PROBE_LIB -o /tmp/copy_probe.so bench/copy_probe.cu > $OUT/build.log 2>&1 || { cat $OUT/build.log; exit 1; }
for r in 8 16; do for rep in a b; do
timeout 200 python3 bench/read_floor.py --staged /tmp/copy_probe.so --staged-only --window --reps 20 \
  --staged-configs piped:16:4096,piped:8:4096 --runs $r \
  --windows 2,4 --bytes 33554432,67108864 --out $OUT/floor-r$r$rep > $OUT/floor-r$r$rep.log 2>&1; echo "floor r$r$rep rc $?"
OUT2=$OUT/floor-r$r$rep python3 - <<'PY'
import json, os
r = json.load(open(os.path.join(os.environ["OUT2"], "read-floor.json")))
for size in r["sizes"]:
    print(size["bytes"], "  ".join("%s %.2f" % (n[:-4], t) for n, t in
          sorted(size["all_us"].items()) if n.endswith("+win")))
PY
done; done
bash scripts/bundle-out.sh
