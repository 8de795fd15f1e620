#!/bin/bash
# Session t, call 1 (about 3 min): two memory-side levers no session has
# measured, on bench/copy_probe.cu's staged reader (per-thread cp.async
# through shared-memory stages, our pipeline without the math), timed like
# the GEMMs (bench/read_floor.py --staged: kernel-only profiler time, write
# flush, median of 20, with and without the streaming L2 window):
#  (a) the L2 prefetch size of the copies (.L2::128B / .L2::256B): a miss
#      then fetches 128 / 256 bytes into L2 at once;
#  (b) the CTAs' read order: stage t of CTA b is chunk t x grid + b (all
#      CTAs march through one window) instead of each CTA streaming its own
#      region (our kernels' weight streams are 64-128 KB regions).
# Sizes: W4A16 8192^2's 33.5 MB and W8A16's 67.1 MB.
# Prediction: (a) 0-3 % (the 16-byte copies of a warp already cover whole
# 128-byte lines); (b) 0-5 % if DRAM channel or bank conflicts between the
# regions' streams cost anything, else nothing. A lever counts if it beats
# the plain reader of the same staging by more than 0.3 us with the window.
set -u
nvcc -O2 -arch=sm_90a -shared -Xcompiler -fPIC -DCOPY_PROBE_LIB -o /tmp/copy_probe.so bench/copy_probe.cu > $OUT/build.log 2>&1 || { cat $OUT/build.log; exit 1; }
cuobjdump -sass /tmp/copy_probe.so | grep -o 'LDGSTS[.A-Z0-9_]*' | sort | uniq -c > $OUT/ldgsts-sass.txt; cat $OUT/ldgsts-sass.txt
timeout 400 python3 bench/read_floor.py --staged /tmp/copy_probe.so --staged-only --window --reps 20 \
  --bytes 33554432,67108864 --out $OUT/floor > $OUT/floor.log 2>&1; echo "floor rc $?"
grep -v Warn $OUT/floor.log | tail -6
python3 - <<'PY'
import json, os
r = json.load(open(os.path.join(os.environ["OUT"], "floor", "read-floor.json")))
for size in r["sizes"]:
    print(size["bytes"])
    for n, t in sorted(size["all_us"].items(), key=lambda kv: kv[1]):
        print("  %-40s %.2f" % (n, t))
PY
bash scripts/bundle-out.sh
