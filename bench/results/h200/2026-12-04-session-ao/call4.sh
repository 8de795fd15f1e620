#!/bin/bash
# Session ao, call 4 (carry ["dist", "peers"]; dist = overlap-scales at
# 62eb15a, the merge candidate: wgmma group-scale sums in two sets, each
# run's set scaled while the next run's MMAs are in flight; g64 runs of
# one on sums in cooperative kernels; commit per fence only where a loop
# waits on runs).
# 1. Correctness: the shapes tier (every shape of the issue, the planner's
#    tables: uint4 bf16 g64 with zero points now on sums at 17..64 rows);
#    memcheck on the planner's g64 and g128 8192^2 layers (call4-layers.txt).
# 2. Variants: g64 at the shapes call 3 did not measure, the planner's new
#    17..64 kernels (sums, 2 runs an iteration) against `:bf` on the same
#    entries (main's kernels there: scales in the decode). Prediction: sums
#    0.5-2 us faster at 4096 x 11008 and 4096^2 (12-stage tiles, like
#    28672 x 4096's M = 32 in call 3, 2.0), 11008 x 4096 (6-stage one-tile
#    warpgroups at 3 CTAs per SM) 0-1.
# 3. The final run, Marlin beside. Prediction: g128 M = 32 0.2-0.4 us
#    faster than 5b7f271's run, every other cell within run-to-run spread.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
d=bench/results/h200/2026-12-04-session-ao
date +%T
( bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?" > $OUT/peers-rc.txt ) &
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=90 HUMMING_VALIDATE_ONLY=1 timeout 105 bash scripts/device-validate.sh shapes > $OUT/val.log 2>&1
echo "validate rc $?"; tail -1 $OUT/val.log
timeout 70 bash scripts/memcheck-layers.sh < $d/call4-layers.txt > "$OUT/memcheck.txt" 2>&1
tail -1 "$OUT/memcheck.txt"
date +%T
VARIANT_MS=24,32,48,64 VARIANT_TIMEOUT=60
entry_variants g64-4096x11008 w4a16-int4-g64 4096x11008 \
  "bf=17-32:32x64x64:1x1x1:s6:k6:c3:wg:bf 33-64:64x128x64:1x2x1:s12:k4:wg:bf"
entry_variants g64-11008x4096 w4a16-int4-g64 11008x4096 \
  "bf=17-32:32x64x64:1x1x1:s6:kc2:c3:wg:bf 33-64:64x64x64:1x1x1:s6:kc2:c3:wg:bf"
entry_variants g64-4096x4096 w4a16-int4-g64 4096x4096 \
  "bf=17-32:32x128x64:1x2x1:s12:k4:wg:bf 33-64:64x128x64:1x2x1:s12:k4:wg:bf"
date +%T
wait; cat $OUT/peers-rc.txt
OUT=$OUT/full timeout 140 bash bench/run.sh --ms 1,4,8,16,32,64,80,128 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; tail -3 $OUT/full.log
date +%T
bash scripts/bundle-out.sh
