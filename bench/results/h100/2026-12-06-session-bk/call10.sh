#!/bin/bash
# Session bk, call 10 (carry ["dist/humming-runtime.tar.xz", "dist/COMMIT",
# "dist/base"]; dist/ at this session's head, dist/base/ at 3d4136f): the
# new tooling on the GPU. (1) bench/sustained.py with --library: main's
# four-warpgroup 257+ kernel against 3d4136f's two at 8192^2 W8A16 M = 4096,
# sustained (call 4 measured the same pair as a dispatch variant: 929.0
# against 931.4 us). Prediction: within 1 % again. (2) bench/plan-table.sh
# refusing an edited entry no kernel can be built for, on the device's
# humming-run (--check-only).
set -u
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
base=$(unpack_runtime dist/base/humming-runtime.tar.xz /tmp/base-rt)
timeout 150 python3 bench/sustained.py --out $OUT/w8 --case w8a16-int8-channel --shape 8192x8192 \
  --ms 4096 --library base=$base --seconds 1.5 --rounds 3 > $OUT/w8.log 2>&1
echo "w8 rc $?"; tail -6 $OUT/w8.log
S="n=8192 k=8192 $(case_spec w8a16-int8-channel) target=h200"
plan_table "$S" "257-:128x256x64:1x4x1:s5:k1:wg:i2" > $OUT/plan-table.log 2>&1
echo "plan_table rc $? (1 expected)"; cut -c1-200 $OUT/plan-table.log
gpu_clocks
bash scripts/bundle-out.sh
