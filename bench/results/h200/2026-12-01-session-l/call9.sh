#!/bin/bash
# Session l, call 9 (experiment build 6a37b3d-dirty: HUMMING_EXP_CODES_FIRST=1
# loads the first k16 step's code words of a wgmma iteration before its
# refill copies; section 33 found the first code load waiting on registers
# the copies had just read). A B A B, separate kernel caches: the planner's
# tables of W4A16 channel / g128 / W8A16 at 8192 x 8192, M = 24 / 32 / 48 /
# 64, and W4A16 channel at 28672 x 4096 and 4096 x 11008, M = 32 / 64; then
# the wgmma tier of the GPU suite on the experiment's kernels.
source scripts/runtime-env.sh
r() { tag=$1; x=$2; shift 2; HUMMING_EXP_CODES_FIRST=$x HUMMING_CACHE_DIR=/tmp/hc-$x OUT=$OUT/$tag timeout 120 bash bench/run.sh --reps 15 --sweeps 2 --no-graph "$@" > $OUT/$tag.log 2>&1
  echo "== $tag (codes first: $x) rc $?"; grep -E "^## |^\| humming-mlir \|" $OUT/$tag.log; grep -iE "gate|error" $OUT/$tag.log | head -2; }
for i in 1 2; do
  r sq-A$i 0 --cases w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel --shapes 8192x8192 --ms 24,32,48,64
  r sq-B$i 1 --cases w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel --shapes 8192x8192 --ms 24,32,48,64
done
r other-A 0 --cases w4a16-int4-channel --shapes 28672x4096,4096x11008 --ms 32,64
r other-B 1 --cases w4a16-int4-channel --shapes 28672x4096,4096x11008 --ms 32,64
HUMMING_EXP_CODES_FIRST=1 HUMMING_CACHE_DIR=/tmp/hc-1v HUMMING_VALIDATE_ONLY=1 HUMMING_VALIDATE_BUDGET=70 OUT=$OUT/val timeout 150 bash scripts/device-validate.sh wgmma > $OUT/val.log 2>&1
echo "validate rc $?"; grep -v "^PASS" $OUT/val/validate.txt | grep -v "^REPACK SAME" | head -8; grep -E '"(layers_checked|checks|passed)"|not_run' $OUT/val/validate-summary.txt | head -5
bash scripts/bundle-out.sh
