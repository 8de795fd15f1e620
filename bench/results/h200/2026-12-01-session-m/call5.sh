#!/bin/bash
# Session m, call 5 (experiment runtime: main 2fc1b2a plus the switch
# HUMMING_EXP_GROUP_FIRST=1, which extends section 36's rule to the 16-row
# mma.sync kernels with group scales, in the B fragment or on sums; off, its
# PTX is main's): A B A B, separate kernel caches, g128 / g64 / W8A16 g128
# at 8192 x 8192 and g128 at the other four shapes; then the tiles tier with
# the switch on. Then bench/read_floor.py with copy_probe.cu's staged
# readers (section 35) timed like the GEMMs.
source scripts/runtime-env.sh
r() { tag=$1; x=$2; shift 2; HUMMING_EXP_GROUP_FIRST=$x HUMMING_CACHE_DIR=/tmp/hc-$x OUT=$OUT/$tag timeout 100 bash bench/run.sh --reps 15 --sweeps 2 --no-graph "$@" > $OUT/$tag.log 2>&1
  echo "== $tag (group first: $x) rc $?"; grep -E "^## |^\| humming-mlir \|" $OUT/$tag.log; grep -iE "gate|error" $OUT/$tag.log | head -2; }
for i in 1 2; do
  r sq-A$i 0 --cases w4a16-int4-g128,w4a16-int4-g64,w8a16-int8-g128 --shapes 8192x8192 --ms 1,4,8,16
  r sq-B$i 1 --cases w4a16-int4-g128,w4a16-int4-g64,w8a16-int8-g128 --shapes 8192x8192 --ms 1,4,8,16
done
r other-A 0 --cases w4a16-int4-g128 --shapes 4096x4096,11008x4096,4096x11008,28672x4096 --ms 1,16
r other-B 1 --cases w4a16-int4-g128 --shapes 4096x4096,11008x4096,4096x11008,28672x4096 --ms 1,16
HUMMING_EXP_GROUP_FIRST=1 HUMMING_CACHE_DIR=/tmp/hc-1v HUMMING_VALIDATE_ONLY=1 HUMMING_VALIDATE_BUDGET=80 OUT=$OUT/val timeout 160 bash scripts/device-validate.sh tiles > $OUT/val.log 2>&1
echo "validate rc $?"; grep -v "^PASS" $OUT/val/validate.txt | grep -v "^REPACK SAME" | head -5; grep -E '"(layers_checked|checks|passed)"|not_run' $OUT/val/validate-summary.txt | head -5
nvcc -O2 -arch=sm_90a -shared -Xcompiler -fPIC -DCOPY_PROBE_LIB -o /tmp/copy_probe.so bench/copy_probe.cu > $OUT/so-build.log 2>&1 || cat $OUT/so-build.log
timeout 150 python3 bench/read_floor.py --bytes 33554432,67108864 --window --staged /tmp/copy_probe.so --reps 20 --out $OUT/rf > $OUT/rf.log 2>&1; echo "read_floor rc $?"; cat $OUT/rf.log | tail -6
python3 - $OUT/rf/read-floor.json <<'PY'
import json,sys
r=json.load(open(sys.argv[1]))
for row in r['sizes']:
    a=row['all_us']; print(row['bytes'])
    keys=sorted(k for k in a if not k.startswith('triton') or k in (row['best'], row.get('best_window')))
    for k in keys: print('  %-32s %6.2f' % (k, a[k]))
PY
bash scripts/bundle-out.sh
