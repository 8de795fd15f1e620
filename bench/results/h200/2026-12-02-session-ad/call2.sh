#!/bin/bash
# Session ad, call 2 (3523182's runtime in dist/, Marlin built in the
# git-ignored peers/; carry ["dist", "peers"]): the final run of the
# harness with 3523182's planner (wA at 65..256 rows) and the Python tests.
# M <= 64 kernels are e8ecc08's (same PTX: no kernel or M <= 64 planner
# change since), so prediction: M <= 64 within 0.3 us of e8ecc08's run;
# M = 128 as call 1 (4096^2 W4A16 channel ~17, 8192^2 ~35.5, 4096 x 11008
# ~30; 11008 and 28672 x 4096 unchanged: wC).
set -u
source scripts/runtime-env.sh
timeout 120 python3 -m pytest -q python/tests > "$OUT/pytest.txt" 2>&1; tail -2 "$OUT/pytest.txt"
[ -f peers/build.sh ] && bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"
OUT=$OUT/full timeout 420 bash bench/run.sh --ms 1,4,8,16,32,64,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; grep -E "^\| (humming-mlir|marlin|impl)|^## " $OUT/full.log | head -60
bash scripts/bundle-out.sh
