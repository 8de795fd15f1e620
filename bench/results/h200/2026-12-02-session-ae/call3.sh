#!/bin/bash
# Session ae, call 3 (d5571ea's runtime in dist/, Marlin built in the
# git-ignored peers/; carry ["dist", "peers"]): the final run of the
# harness with the planner's 96-row tile at 65..96 (M = 80 added to the
# run) and the Python tests. M <= 64 and M = 128 run c8e416b's kernels
# (same tables), so prediction: those within 0.3 us of session ad's run
# (bench-2026-12-02-3523182); M = 80 as call 1 / call 2's variants.
set -u
source scripts/runtime-env.sh
timeout 120 python3 -m pytest -q python/tests > "$OUT/pytest.txt" 2>&1; tail -2 "$OUT/pytest.txt"
[ -f peers/build.sh ] && bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"
OUT=$OUT/full timeout 420 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; grep -E "^\| (humming-mlir|marlin|impl)|^## " $OUT/full.log | head -60
bash scripts/bundle-out.sh
