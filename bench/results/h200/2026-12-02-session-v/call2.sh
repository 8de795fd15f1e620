#!/bin/bash
# Session v, call 2 (23a31b7's runtime, carry ["dist"], about 6 min): call
# 1 found our M = 1 kernels nearly as slow with the weights left in L2 as
# cold (W4A16 channel 8192^2: 11.6 hot against 13.4 cold; 4096^2 5.4
# against 6.9). Is that the L2 -> SM stream or the kernel's own machinery?
# (1) The hot read floor: bench/read_floor.py --flush none (every reader
#     reads the same buffer, no eviction), Triton / torch / staged cp.async
#     readers, with and without the streaming window, 8.4 and 33.5 MB.
# (2) ncu with per-SASS stall samples of the planner's M = 1 and M = 16
#     kernels of W4A16 channel 8192^2, hot (--cache-control none: the
#     profiled second launch finds the first one's lines) and cold (ncu's
#     flush), to see where a hot M = 1 call's 11.6 us go and whether its
#     reads hit L2 (lts hit rate, DRAM bytes).
# Prediction: the hot reader takes 4-7 us at 33.5 MB (L2 -> SM at 5-8
# TB/s), so our hot 11.6 is the kernel's machinery (the per-iteration
# wait + barrier chain with 2 warps per scheduler); hot L2 hit rate > 90 %.
set -u
source scripts/runtime-env.sh
nvcc -O2 -arch=sm_90a -shared -Xcompiler -fPIC -DCOPY_PROBE_LIB -o /tmp/copy_probe.so bench/copy_probe.cu > $OUT/build.log 2>&1 || { cat $OUT/build.log; exit 1; }
timeout 200 python3 bench/read_floor.py --flush none --window --staged /tmp/copy_probe.so \
  --staged-configs ldgsts:8:4096,ldgsts:8:8192,ldgsts:6:16384,ldgsts:4:32768,ldg:0:0 \
  --reps 20 --bytes 8388608,33554432 --out $OUT/floor-hot > $OUT/floor-hot.log 2>&1; echo "floor rc $?"
grep -v Warn $OUT/floor-hot.log | tail -6
python3 - <<'PY'
import json, os
r = json.load(open(os.path.join(os.environ["OUT"], "floor-hot", "read-floor.json")))
for size in r["sizes"]:
    print(size["bytes"])
    for n, t in sorted(size["all_us"].items(), key=lambda kv: kv[1])[:12]:
        print("  %-40s %.2f" % (n, t))
PY
spec="n=8192 k=8192 weight=int4 scale=channel target=h200"
export HUMMING_PROFILE_SOURCE=1
OUT=$OUT/hot timeout 150 bash bench/profile.sh "$spec" 1,16 --cache-control none; echo "hot profile rc $?"
OUT=$OUT/cold timeout 150 bash bench/profile.sh "$spec" 1,16; echo "cold profile rc $?"
for f in $OUT/hot/profile/*.txt $OUT/cold/profile/*.txt; do echo "== $f"; grep -E "L2 Hit Rate|dram__bytes_read.sum|Duration|L2 Cache Throughput|DRAM Throughput|Issue Slots Busy" $f | head -8; done
rm -f $OUT/*/profile/*.log
bash scripts/bundle-out.sh
