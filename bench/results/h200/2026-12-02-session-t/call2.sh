#!/bin/bash
# Session t, call 2 (about 2 min): call 1 found the striped read order
# 0.3-1.1 us faster than per-CTA regions with the streaming window (33.5 MB:
# 8 x 4 KB stages at 256 CTAs 11.94 -> 11.30; 67.1 MB 20.62 -> 19.58), and
# the L2 prefetch sizes nothing. A weight layout can give that order without
# depending on a kernel's K split: [k-block][64-column tile] rows, so that
# the CTAs of one split read one row together; with S splits that is S
# windows marching at once. This call times the striped reader over 1, 2, 4
# and 8 windows (CTA b in window b % S, like a split of our grids) at our
# kernels' stagings: 256 CTAs x 8 x 4 KB (W4A16 1..16 rows), 128 CTAs x 16
# x 4 KB (W8A16 1..8 rows, unsplit), 128 x 16 x 4 KB + the others of call 1.
# Prediction: 2-4 windows keep most of the 1-window gain (each window is
# still 64-128 CTAs reading one contiguous row together).
set -u
nvcc -O2 -arch=sm_90a -shared -Xcompiler -fPIC -DCOPY_PROBE_LIB -o /tmp/copy_probe.so bench/copy_probe.cu > $OUT/build.log 2>&1 || { cat $OUT/build.log; exit 1; }
timeout 400 python3 bench/read_floor.py --staged /tmp/copy_probe.so --staged-only --window --reps 20 \
  --staged-configs ldgsts:8:4096,ldgsts_striped:8:4096,ldgsts:16:4096,ldgsts_striped:16:4096,ldgsts:6:16384,ldgsts_striped:6:16384,ldgsts:4:32768,ldgsts_striped:4:32768 \
  --windows 2,4,8 --bytes 33554432,67108864 --out $OUT/floor > $OUT/floor.log 2>&1; echo "floor rc $?"
python3 - <<'PY'
import json, os
r = json.load(open(os.path.join(os.environ["OUT"], "floor", "read-floor.json")))
for size in r["sizes"]:
    print(size["bytes"])
    for n, t in sorted(size["all_us"].items(), key=lambda kv: kv[1]):
        if n.endswith("+win"):
            print("  %-40s %.2f" % (n, t))
PY
bash scripts/bundle-out.sh
