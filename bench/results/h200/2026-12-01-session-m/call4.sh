#!/bin/bash
# Session m, call 4 (runtime built from branch exp/first-operands-mma at
# 9975004, main plus the knob; with the knob off its kernels are main's, PTX
# compared here): A B A B of HUMMING_EXP_OPERANDS_FIRST (the mma.sync
# kernels' first k16 step operands loaded before the refill copies,
# bench/NOTES.md section 34), separate kernel caches; then the tiles tier
# of the GPU suite with the experiment on.
source scripts/runtime-env.sh
r() { tag=$1; x=$2; shift 2; HUMMING_EXP_OPERANDS_FIRST=$x HUMMING_CACHE_DIR=/tmp/hc-$x OUT=$OUT/$tag timeout 100 bash bench/run.sh --reps 15 --sweeps 2 --no-graph "$@" > $OUT/$tag.log 2>&1
  echo "== $tag (operands first: $x) rc $?"; grep -E "^## |^\| humming-mlir \|" $OUT/$tag.log; grep -iE "gate|error" $OUT/$tag.log | head -2; }
for i in 1 2; do
  r sq-A$i 0 --cases w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel --shapes 8192x8192 --ms 1,4,8,16
  r sq-B$i 1 --cases w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel --shapes 8192x8192 --ms 1,4,8,16
done
r other-A 0 --cases w4a16-int4-channel --shapes 4096x4096,11008x4096,4096x11008,28672x4096 --ms 1,16
r other-B 1 --cases w4a16-int4-channel --shapes 4096x4096,11008x4096,4096x11008,28672x4096 --ms 1,16
HUMMING_EXP_OPERANDS_FIRST=1 HUMMING_CACHE_DIR=/tmp/hc-1v HUMMING_VALIDATE_ONLY=1 HUMMING_VALIDATE_BUDGET=80 OUT=$OUT/val timeout 160 bash scripts/device-validate.sh tiles > $OUT/val.log 2>&1
echo "validate rc $?"; grep -E '"(layers_checked|checks|passed)"|not_run' $OUT/val/validate-summary.txt | head -5
bash scripts/bundle-out.sh
