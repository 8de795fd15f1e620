#!/bin/bash
# NOT RUN: after calls 1-2 no device could be started for the rest of
# session av. The change is the branch exp/fence-g64 (main reverted it);
# before running, build dist/new at that branch's tip and dist/ at main's
# (scripts/build-static.sh; set each COMMIT file).
# Session av, call 3 (carry ["dist/humming-runtime.tar.xz", "dist/COMMIT",
# "dist/new"]). dist/new: 963c807, a fence per two wgmma k16 steps also on
# the 64-row cluster tiles with group runs of one k-block or less (g64 and
# finer; at the benchmark shapes the g64 33..64-row kernels of 8192^2 and
# 11008 x 4096). dist/: the same tree with 515af44's rule (base).
# 1. call3-layers.txt (every changed kernel family: odd M, zero points,
#    bias, bf16, int8 g64, K not a multiple of the split) through
#    humming-run's reference check, memcheck on two layers; the suite's
#    wgmma tier after the A / B, in what time is left (the device budget
#    shrank with each refused start this session).
#    Prediction: all pass (the branch's =2 passed 16 checks in call 2).
# 2. A / B, 2 rounds: g64 at 8192^2 and 11008 x 4096, M = 33 / 48 / 64.
#    Prediction: 8192^2 0.2-0.4 us faster at 48 / 64 (call 2: 0.3-0.4),
#    11008 x 4096 -0.2..+0.4 (its 64-column, 3-CTA-per-SM tile was not in
#    call 2); M = 33 as 48.
set -u
source bench/variants.sh
base_lib=$(unpack_runtime dist/humming-runtime.tar.xz /tmp/base-rt)
new_lib=$(unpack_runtime dist/new/humming-runtime.tar.xz /tmp/new-rt)
export HUMMING_LIBRARY=$new_lib
source scripts/runtime-env.sh
d=bench/results/h200/2026-12-05-session-av
date +%T
HUMMING_CACHE_DIR=/tmp/new-check timeout 120 bash scripts/check-layers.sh < $d/call3-layers.txt \
  > $OUT/layers.txt 2>&1
echo "check rc $?"; tail -1 $OUT/layers.txt
sed -n 1,2p $d/call3-layers.txt | HUMMING_CACHE_DIR=/tmp/new-check timeout 90 \
  bash scripts/memcheck-layers.sh > $OUT/memcheck.txt 2>&1
echo "memcheck rc $?"; tail -1 $OUT/memcheck.txt
date +%T
RUNTIME_VARIANT_TIMEOUT=60
go() { [ $SECONDS -lt 170 ] || { echo "skipped $1: time guard"; return 0; }; runtime_variant "$@"; }
for round in 1 2; do
  go base-r$round $base_lib $(cat dist/COMMIT) -- --cases w4a16-int4-g64 \
    --shapes 8192x8192,11008x4096 --ms 33,48,64 --reps 15 --sweeps 2 --no-graph --peers /nonexistent
  go new-r$round $new_lib $(cat dist/new/COMMIT) -- --cases w4a16-int4-g64 \
    --shapes 8192x8192,11008x4096 --ms 33,48,64 --reps 15 --sweeps 2 --no-graph --peers /nonexistent
done
date +%T
# The wgmma tier last, in what is left of ~250 s (the device budget left
# this session after refused starts; device-validate reports the layers
# its budget left out).
left=$((250 - SECONDS)); [ $left -gt 150 ] && left=150
if [ $left -gt 40 ]; then
  OUT=$OUT/val HUMMING_VALIDATE_BUDGET=$left HUMMING_VALIDATE_ONLY=1 timeout $((left + 40)) \
    bash scripts/device-validate.sh wgmma > $OUT/val.log 2>&1
  echo "validate rc $?"; grep -E '"(layers_checked|checks|passed)"|FAILED' $OUT/val.log
  grep -A3 not_run_budget $OUT/val.log | head -4
else echo "wgmma tier skipped: time guard"; fi
date +%T
bash scripts/bundle-out.sh
