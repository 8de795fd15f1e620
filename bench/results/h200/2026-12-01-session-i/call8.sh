#!/bin/bash
# Session i, call 8 (correctness only): the planner's new M <= 16 shapes
# and 16-stage kernels as sm_80 / sm_86 / sm_89 PTX (a100, a10, l40s tables,
# run on the H200 through the driver's JIT), and the formats tier (every
# weight format x scale / zero point at 1000 x 1024, sm_90a), budget-bound.
source scripts/runtime-env.sh
for chip in a100 a10 l40s; do
  for spec in "n=4096 k=4096 weight=uint4 scale=channel" "n=8192 k=8192 weight=int8 scale=channel bias=1" "n=28672 k=4096 weight=uint4 scale=channel" "n=4096 k=11008 weight=uint4 scale=channel activation=bfloat16"; do
    echo "== $chip $spec"
    timeout 120 $HUMMING_RUN --spec "$spec target=$chip" -m 1,5,16,17,33,64 --iters 2 -q 2>&1 | grep -E "^M=|error|FAIL|plan" | cut -c1-160
  done
done > $OUT/arch-ptx.txt 2>&1
grep -c PASS $OUT/arch-ptx.txt; grep -vE "PASS|^==" $OUT/arch-ptx.txt | head -10
HUMMING_VALIDATE_ONLY=1 HUMMING_VALIDATE_BUDGET=200 OUT=$OUT/val timeout 280 bash scripts/device-validate.sh formats > $OUT/val.log 2>&1
tail -2 $OUT/val.log; grep -v "^PASS" $OUT/val/validate.txt | grep -v "^REPACK SAME" | head -8; grep -E '"(layers_checked|checks|passed)"' $OUT/val/validate-summary.txt; grep -A3 not_run_budget $OUT/val/validate-summary.txt | head -4
bash scripts/bundle-out.sh
