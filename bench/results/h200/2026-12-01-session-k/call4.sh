#!/bin/bash
# Session k, call 4 (8b03851): (1) the full benchmark with Marlin (built
# first from the git-ignored peers/ folder, never committed) in the same
# run; (2) humming-run's check of the planner's cluster-pair kernels (11008 x
# 4096, M = 17..64); (3) the README example and the tiles and wgmma tiers
# (cluster tables among them); (4) W8A16 g128 (not measured before the
# planner changes of this session) against the previous planner's table.
[ -f peers/build.sh ] && { time bash peers/build.sh; } > $OUT/marlin-build.log 2>&1; tail -1 $OUT/marlin-build.log
source scripts/runtime-env.sh
OUT=$OUT/full timeout 250 bash bench/run.sh --ms 1,4,16,32,64 --reps 20 > $OUT/full.log 2>&1
echo "bench rc $?"; grep -iE "not run|gate" $OUT/full.log | head -5; grep -E "^\||^## |^JIT" $OUT/full.log | grep -E "^## |humming-mlir \||marlin \||cublas-fp16 \||^JIT"
for s in "n=11008 k=4096 weight=int4 scale=channel" "n=11008 k=4096 weight=int8 scale=channel bias=1" "n=11008 k=4096 weight=uint4 scale=group group_size=128 zero_point=integer"; do
  echo "== $s"; timeout 60 "$HUMMING_RUN" --spec "$s target=h200" -m 17,24,32,33,48,64 --iters 3 -q 2>&1 | tail -7
done > $OUT/check-pairs.txt 2>&1
echo "PASS lines: $(grep -c "^M=.* PASS " $OUT/check-pairs.txt) of 18"; grep -E "^M=.* FAIL |error" $OUT/check-pairs.txt | head -5
HUMMING_VALIDATE_ONLY=1 HUMMING_VALIDATE_BUDGET=100 OUT=$OUT/val timeout 170 bash scripts/device-validate.sh tiles wgmma > $OUT/val.log 2>&1
echo "validate rc $?"; grep -E "^M=" $OUT/val/humming-run.txt | grep -c PASS; grep -v "^PASS" $OUT/val/validate.txt | grep -v "^REPACK SAME" | head -8; grep -E '"(layers_checked|checks|passed)"|not_run' $OUT/val/validate-summary.txt | head
v() { c=$1; sh=$2; shift 2; OUT=$OUT/v-$c-$sh timeout 60 bash bench/run.sh --cases $c --shapes $sh --ms 24,32,48,64 --reps 15 --sweeps 2 --no-graph "$@" > $OUT/v-$c-$sh.log 2>&1; echo "== $c $sh rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/v-$c-$sh.log; }
v w8a16-int8-g128 8192x8192 --variant old=dispatch=1-16:16x256x64:1x8x1:s8:k4,17-32:32x128x64:1x2x2:s8:k2,33-64:64x128x64:1x2x1:s12:k2:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1
v w8a16-int8-g128 11008x4096 --variant old=dispatch=1-16:16x256x64:1x8x1:s8:k3,17-32:32x256x64:1x8x1:s8:k3,33-64:64x256x64:1x8x1:s6:k3,65-128:128x128x64:2x2x1:s4:k1,129-:128x128x64:2x2x1:s4:k1
bash scripts/bundle-out.sh
