#!/bin/bash
# Session j, call 2 (experiment build: call 1's code reverted; wgmma group
# scales on several sets of sums per iteration; the copies-after-the-first-
# k-block knob):
# (1) the wgmma tier (with a new g64 layer: 2-4 sets of sums) on this build;
# (2) the refill copies after the first k-block's MMAs (HUMMING_EXP_LATECOPY)
#     against before them, A B A B, M = 32 / 64;
# (3) g128 at 17..64 rows with 16 stages (two runs of sums per iteration)
#     against the planner's 12, in the same run;
# (4) g64 at M = 16 / 40 / 64: 6faf411's runtime (B-fragment scales in the
#     wgmma kernels) against this build (two sets of sums), A B A B.
source scripts/runtime-env.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv
NEW_LIB=$HUMMING_LIBRARY
HUMMING_VALIDATE_ONLY=1 HUMMING_VALIDATE_BUDGET=150 OUT=$OUT/val timeout 230 bash scripts/device-validate.sh wgmma > $OUT/val.log 2>&1
tail -2 $OUT/val.log; grep -v "^PASS" $OUT/val/validate.txt | grep -v "^REPACK SAME" | head -8; grep -E '"(layers_checked|checks|passed|layers_planned)"|not_run' $OUT/val/validate-summary.txt
B="--reps 15 --sweeps 1 --no-graph"
for run in base1 late1 base2 late2; do
  case $run in
    base*) unset HUMMING_EXP_LATECOPY; export HUMMING_CACHE_DIR=/tmp/hc-base ;;
    late*) export HUMMING_EXP_LATECOPY=1 HUMMING_CACHE_DIR=/tmp/hc-late ;;
  esac
  OUT=$OUT/$run timeout 100 bash bench/run.sh --cases w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel --shapes 8192x8192,4096x11008,28672x4096 --ms 32,64 $B > $OUT/$run.log 2>&1
  echo "== $run rc $?"; grep -E "^\| (humming-mlir) \||^## " $OUT/$run.log | head -30; grep -iE "gate|error" $OUT/$run.log | head -3
done
unset HUMMING_EXP_LATECOPY; export HUMMING_CACHE_DIR=/tmp/hc-base
v() { OUT=$OUT/v-$1 timeout 100 bash bench/run.sh --cases w4a16-int4-g128 --shapes $1 --ms 40,64 --reps 15 --sweeps 2 --no-graph --variant s16=dispatch=$2 > $OUT/v-$1.log 2>&1; echo "== g128 $1 s16 variant"; grep -E "^\| (humming-mlir|s16)" $OUT/v-$1.log; grep -iE "gate|error" $OUT/v-$1.log | head -3; }
v 8192x8192 1-16:16x256x64:1x8x1:s8:k4,17-32:32x128x64:1x4x1:s8:k4:c2,33-64:64x128x64:1x2x1:s16:k2:wg,65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1
v 4096x11008 1-16:16x256x64:1x8x1:s8:k8,17-32:32x128x64:1x2x1:s16:k4:wg,33-64:64x128x64:1x2x1:s16:k4:wg,65-128:128x128x64:2x2x1:s4:k4,129-:128x128x64:2x2x1:s4:k1
mkdir -p /tmp/rt-prev && tar -C /tmp/rt-prev -xJf build-prev/humming-runtime.tar.xz
for run in g64prev1 g64new1 g64prev2 g64new2; do
  case $run in
    g64prev*) export HUMMING_LIBRARY=/tmp/rt-prev/humming-runtime/lib/libHummingRuntime.so HUMMING_CACHE_DIR=/tmp/hc-prev ;;
    g64new*) export HUMMING_LIBRARY=$NEW_LIB HUMMING_CACHE_DIR=/tmp/hc-base ;;
  esac
  OUT=$OUT/$run timeout 100 bash bench/run.sh --cases w4a16-int4-g64 --shapes 8192x8192,4096x11008,28672x4096 --ms 16,40,64 $B > $OUT/$run.log 2>&1
  echo "== $run rc $?"; grep -E "^\| (humming-mlir) \||^## " $OUT/$run.log | head -30; grep -iE "gate|error" $OUT/$run.log | head -3
done
bash scripts/bundle-out.sh
