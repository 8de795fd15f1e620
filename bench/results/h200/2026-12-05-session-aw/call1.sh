#!/bin/bash
# NOT RUN: session aw's two starts were refused, then no device was lent for
# the rest of the session. To run it: build main into dist/ with
# scripts/build-static.sh and move dist/humming-runtime.tar.xz and
# dist/COMMIT into dist/base/; `git am` fence-g64.patch (beside this file)
# on a branch and build again into dist/; put Marlin's sources and a build
# script in the git-ignored peers/ (bench/README.md). If the checks pass,
# the patch lands on main (then update wgmmaStepsPerFence's comment, NOTES
# section 105 and the README's status row).
# Session aw, call 1 (carry ["dist", "peers"]). dist/: 8830f27, main with
# 963c807 and 7cd4d63 again (a fence per two wgmma k16 steps also on the
# 64-row cluster tiles with group runs of one k-block or less: g64 and
# finer; at the benchmark shapes the g64 33..64-row kernels of 8192^2 and
# 11008 x 4096; scripts/ptx-compare.py over 12 g64 / g32 / g128 / channel
# specs at the five shapes: the 33..64-row kernel of g64 int4 and uint4 at
# 8192^2 and 11008 x 4096 differ, nothing else). dist/base/: 7a94648 (main
# without it). The commits are
# this session's names; a new build's COMMIT files give the ones run.
# 1. The changed kernel families through humming-run's reference check
#    (session av's call3-layers.txt: odd M, uint4 zero points in bf16,
#    bias, int8 g64, K = 8256 / 4160), memcheck on two layers.
#    Prediction: all pass (the same rule passed 16 checks as a variable in
#    session av's call 2).
# 2. A / B, 2 rounds: g64 at 8192^2 and 11008 x 4096, M = 33 / 48 / 64.
#    Prediction: 8192^2 0.2-0.4 us faster at 48 / 64 (session av: 0.3-0.4),
#    M = 33 as 48; 11008 x 4096 -0.2..+0.4 (not measured before).
# 3. The suite's wgmma and shapes tiers on 8830f27. Prediction: all pass.
# 4. The final run with Marlin (built in the git-ignored peers/): 8830f27's
#    kernels if 1 and 3 passed, else 7a94648's. Prediction: every cell
#    within the spread of bench-2026-12-05-515af44 but g64 (not a case of
#    the run): the changed kernels are g64 only.
set -u
source bench/variants.sh
base_lib=$(unpack_runtime dist/base/humming-runtime.tar.xz /tmp/base-rt)
new_lib=$(unpack_runtime dist/humming-runtime.tar.xz /tmp/new-rt)
export HUMMING_LIBRARY=$new_lib
source scripts/runtime-env.sh
d=bench/results/h200/2026-12-05-session-av
date +%T; nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
check_layers layers $d/call3-layers.txt 120; check_rc=$?
memcheck_layers layers $d/call3-layers.txt 1 2; mem_rc=$?
date +%T
RUNTIME_VARIANT_TIMEOUT=60
go() { [ $SECONDS -lt 200 ] || { echo "skipped $1: time guard"; return 0; }; runtime_variant "$@"; }
for round in 1 2; do
  go base-r$round $base_lib $(cat dist/base/COMMIT) -- --cases w4a16-int4-g64 \
    --shapes 8192x8192,11008x4096 --ms 33,48,64 --reps 15 --sweeps 2 --no-graph --peers /nonexistent
  go new-r$round $new_lib $(cat dist/COMMIT) -- --cases w4a16-int4-g64 \
    --shapes 8192x8192,11008x4096 --ms 33,48,64 --reps 15 --sweeps 2 --no-graph --peers /nonexistent
done
date +%T
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=130 HUMMING_VALIDATE_ONLY=1 timeout 170 \
  bash scripts/device-validate.sh wgmma shapes > $OUT/val.log 2>&1
val_rc=$?; echo "validate rc $val_rc"; tail -4 $OUT/val.log
date +%T
bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"
if [ $check_rc -eq 0 ] && [ $mem_rc -eq 0 ] && [ $val_rc -eq 0 ] && grep -q "FAILED CHECKS: 0 ERRORS: 0" $OUT/val.log; then
  full_lib=$new_lib; full_commit=$(cat dist/COMMIT)
else
  full_lib=$base_lib; full_commit=$(cat dist/base/COMMIT)
fi
left=$((585 - SECONDS)); [ $left -gt 220 ] && left=220
echo "full run on $full_commit, $left s"
date +%T
HUMMING_LIBRARY=$full_lib HUMMING_COMMIT=$full_commit HUMMING_CACHE_DIR=/tmp/full-cache OUT=$OUT/full \
  timeout $left bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; tail -3 $OUT/full.log
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
date +%T
bash scripts/bundle-out.sh
