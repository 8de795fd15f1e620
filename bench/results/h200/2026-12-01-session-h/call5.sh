#!/bin/bash
# Session h, call 5: warp specialization as a dispatch option (`:ws`), its
# producer a warpgroup (call 4's one-warp producer could not keep up: the
# warpgroups waited on "full" with the producer never waiting on "empty").
# The wgmma tier (with a warp-specialized table) under compute-sanitizer's
# suite run, then, W4A16 channel / g128 and W8A16 at M = 32 / 64, the
# planner's kernels (cooperative) against the same table with its wgmma
# entries warp-specialized, 2 sweeps x 15 calls.
source scripts/runtime-env.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv
timeout 60 $HUMMING_RUN --spec "n=8192 k=8192 weight=int4 scale=channel target=h200 dispatch=1-16:16x256x64:1x8x1:s8:k4,17-32:32x128x64:1x4x1:s8:k4:c2,33-64:64x128x64:1x2x1:s12:k2:ws,65-:128x128x64:2x2x1:s4:k1" -m 33,64 --iters 3 -q > $OUT/run.log 2>&1; rc=$?
echo "rc $rc"; tail -3 $OUT/run.log; [ $rc = 124 ] && { echo HANG; bash scripts/bundle-out.sh; exit 1; }
HUMMING_VALIDATE_ONLY=1 HUMMING_VALIDATE_BUDGET=120 OUT=$OUT/val timeout 170 bash scripts/device-validate.sh wgmma > $OUT/val.log 2>&1
tail -2 $OUT/val.log; grep -v "^PASS" $OUT/val/validate.txt | grep -v "^REPACK SAME" | head -8; grep -E '"(layers_checked|checks|passed)"' $OUT/val/validate-summary.txt; grep -A3 not_run_budget $OUT/val/validate-summary.txt | head -4
run() { sh=$1; cases=$2; shift 2; OUT=$OUT/$sh-$cases timeout 100 bash bench/run.sh --cases $cases --shapes $sh --ms 32,64 --reps 15 --sweeps 2 --no-graph "$@" > $OUT/v-$sh-$cases.log 2>&1; echo "== $sh $cases"; grep -E "^\| humming-mlir" $OUT/v-$sh-$cases.log; grep -iE "gate|error|fail" $OUT/v-$sh-$cases.log | head -3; }
T="65-128:128x128x64:2x2x1:s4:k2,129-:128x128x64:2x2x1:s4:k1"
run 8192x8192 w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel --variant ws=dispatch=1-16:16x256x64:1x8x1:s8:k4,17-32:32x128x64:1x4x1:s8:k4:c2,33-64:64x128x64:1x2x1:s12:k2:ws,$T
run 11008x4096 w4a16-int4-channel --variant ws=dispatch=1-16:16x256x64:1x8x1:s8:k3,17-32:32x128x64:1x4x1:s8:k3:c2,33-64:64x256x64:1x2x1:s12:k3:ws,$T
run 4096x11008 w4a16-int4-channel --variant ws=dispatch=1-16:16x256x64:1x8x1:s8:k8,17-32:32x128x64:1x2x1:s12:k4:ws,33-64:64x128x64:1x2x1:s12:k4:ws,$T
run 28672x4096 w4a16-int4-channel --variant ws=dispatch=1-16:16x256x64:1x4x2:s8:k1,17-32:32x128x64:1x1x1:s12:k1:c2:ws,33-64:64x128x64:1x1x1:s8:k1:c2:ws,$T
bash scripts/bundle-out.sh
