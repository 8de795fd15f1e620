#!/bin/bash
# Session f, call 2: two k-blocks per main-loop iteration (one cp.async
# wait, proxy fence and barrier per two stages; the wgmma group waited for
# once per iteration). Diagnostic build: HUMMING_DIAG_KGROUP(_WG/_MMA)
# sets the k-blocks per iteration. Correctness first: the wgmma and tiles
# tiers with 2, then the planner's kernels with 1, 2 (both pipelines), 2
# for wgmma only, 4 for wgmma, at the three shapes with the gaps.
source scripts/runtime-env.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv
HUMMING_DIAG_KGROUP=2 HUMMING_CACHE_DIR=/tmp/hc-val2 HUMMING_VALIDATE_ONLY=1 HUMMING_VALIDATE_BUDGET=110 OUT=$OUT/val timeout 150 bash scripts/device-validate.sh wgmma tiles > $OUT/val.log 2>&1
tail -4 $OUT/val.log; grep -v "^PASS" $OUT/val/validate.txt 2>/dev/null | head
mv peers/humming-src peers/.humming-src
for mode in g1 g2 g2wg g4wg; do
  unset HUMMING_DIAG_KGROUP HUMMING_DIAG_KGROUP_WG
  case $mode in
    g2) export HUMMING_DIAG_KGROUP=2;;
    g2wg) export HUMMING_DIAG_KGROUP_WG=2;;
    g4wg) export HUMMING_DIAG_KGROUP_WG=4;;
  esac
  export HUMMING_CACHE_DIR=/tmp/hc-$mode
  OUT=$OUT/$mode timeout 110 bash bench/run.sh --cases w4a16-int4-channel --shapes 28672x4096,8192x8192,11008x4096 --ms 1,16,32,64 --reps 12 --sweeps 1 --no-graph > $OUT/$mode.log 2>&1
  echo "== $mode"; grep -E "^\| (humming|marlin)|^## " $OUT/$mode.log | head -24; grep -iE "gate|error" $OUT/$mode.log | head -5
done
mv peers/.humming-src peers/humming-src
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv
bash scripts/bundle-out.sh
