#!/bin/bash
# Session az's plan for the next H200 (carry ["dist"]): session az changed
# main on H100 evidence alone (bench/NOTES.md section 110); this checks and
# times it on the H200. dist/: main's tip after session az (its kernels
# and planner as 4c02163; scripts/build-static.sh). dist/base/: b6ab8d3
# (main's kernels before the g64 fence rule and the zero-absent loop, and
# its planner before 4c02163). Both A / B runs go through bench/ab.sh.
# 1. humming-run's reference check of call1-layers.txt (the planner's new
#    entries at 5120^2, 2048 x 7168, 14336 x 4096, 8192 x 4096 with bf16,
#    zero points and bias, and the zero-absent 17..64-row kernels);
#    memcheck on lines 2 and 8. Prediction: all pass.
# 2. A / B of the planner, 2 rounds of base then new, W4A16 channel and
#    g128, 5120^2, 2048 x 7168, 14336 x 4096, 8192 x 4096, M = 1 / 8 / 16 /
#    24 / 32. Predictions (section 110): 5120^2 g128 1.0-2.0 us faster at
#    1..16 and 2-4 at 24 / 32; 2048 x 7168 0.5-1.5 at 1 / 8; channel 5120^2
#    0.2-0.8 at 1..16; 8192 x 4096 channel -0.3..+0.5 (unmeasured on any
#    GPU); 14336 x 4096 g128 0.3-0.8 at 16; cells whose kernels are the
#    same in both builds (14336 x 4096 at 1 / 8 / 24 / 32) within 0.2.
# 3. A / B of the zero-absent loop (17..64 rows only since f9989ca): g64 and
#    channel, 4096 x 11008 and 5120^2, M = 33 / 48 / 64 / 96, same rounds.
#    Predictions: g64 0.3-1.2 faster at 33..64, channel 5120^2 0.3-0.6,
#    4096 x 11008 channel within 0.2 (the H100 found no gain there); M = 96
#    within 0.2 (the same kernels).
set -u
LIMIT=${LIMIT:-575}
source bench/variants.sh
source scripts/runtime-env.sh   # (dist/'s build: the checks run on it)
d=bench/results/h200/2026-12-05-session-az
gpu_clocks
check_layers layers $d/call1-layers.txt 150; check_rc=$?
memcheck_layers layers $d/call1-layers.txt 2 8
date +%T
if [ $check_rc -eq 0 ]; then
  left=$(( (LIMIT - SECONDS - 20) * 3 / 5 ))
  OUT=$OUT/plan timeout $left bash bench/ab.sh dist/base/humming-runtime.tar.xz 2 \
    --cases w4a16-int4-channel,w4a16-int4-g128 \
    --shapes 5120x5120,2048x7168,14336x4096,8192x4096 --ms 1,8,16,24,32 \
    --reps 15 --sweeps 1 --no-graph --peers /nonexistent
  echo "plan A / B rc $? $(date +%T)"
  OUT=$OUT/za timeout $((LIMIT - SECONDS - 20)) bash bench/ab.sh dist/base/humming-runtime.tar.xz 2 \
    --cases w4a16-int4-g64,w4a16-int4-channel --shapes 4096x11008,5120x5120 \
    --ms 33,48,64,96 --reps 15 --sweeps 1 --no-graph --peers /nonexistent
  echo "zero-absent A / B rc $? $(date +%T)"
fi
gpu_clocks
bash scripts/bundle-out.sh
