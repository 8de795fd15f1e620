#!/bin/bash
# To run first on branch exp/mma-sync-producer (its static runtime in dist/,
# carry ["dist"]), then move into the session's folder: the warp-specialized
# mma.sync (`:pw`, bench/NOTES.md section 39) on the GPU for the first time.
# (1) the `producer` validation tier and compute-sanitizer on two producer
# tables; (2) the planner's table with `:pw` on its 1..16 mma.sync entries
# as a variant beside it, twice: W4A16 channel and g128 at 8192^2 and
# 4096^2, W8A16 at 8192^2 and 11008 x 4096, M = 1 / 4 / 8 / 16.
# Prediction: 0.3-0.8 us faster at M <= 16.
source scripts/runtime-env.sh
OUT=$OUT/val HUMMING_VALIDATE_ONLY=1 HUMMING_VALIDATE_BUDGET=150 timeout 300 bash scripts/device-validate.sh producer > /dev/null 2>&1
echo "validate rc $?"; tail -14 $OUT/val/validate-summary.txt; grep -v "^PASS" $OUT/val/validate.txt | head -20
for spec in "n=1000 k=1024 weight=uint4 scale=group group_size=128 bias=1 dispatch=1-8:8x128x64:1x4x1:s8:k3:c2:sw:pw,9-16:16x128x64:1x4x1:s8:k3:pw,17-:128x128x64:2x2x1:s4:k1" \
            "n=1000 k=1024 weight=int8 scale=channel dispatch=1-8:8x64x64:1x2x4:s16:sk:sw:pw,9-16:16x64x64:1x2x4:s16:k2:c2:pw,17-:128x128x64:2x2x1:s4:k1"; do
  timeout 120 compute-sanitizer --tool memcheck --error-exitcode 9 "$HUMMING_RUN" --spec "$spec target=sm_90a" -m 1,7,13,30 --iters 1 -q
  echo "sanitizer exit $?"
done 2>&1 | tee $OUT/sanitizer.txt | grep -E "exit|ERROR SUMMARY|^M="
# The planner's table with ':pw' on its mma.sync entries up to 16 rows.
pw() { bench/plan-table.sh "$1" | python3 -c '
import sys
out = []
for e in sys.stdin.read().strip().split(","):
    f = e.split(":")
    lo, hi = f[0].split("-")
    if hi and int(hi) <= 16 and f[-1] not in ("wg", "ws"):
        e += ":pw"
    out.append(e)
print(",".join(out))'; }
run() { # name case shape spec
  OUT=$OUT/$1 timeout 100 bash bench/run.sh --cases $2 --shapes $3 --ms 1,4,8,16 --reps 15 --sweeps 2 --no-graph \
    --variant "pw=dispatch=$(pw "$4 target=h200")" > $OUT/$1.log 2>&1
  echo "$1 rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/$1.log; grep -iE "gate|error" $OUT/$1.log | head -3
}
for i in 1 2; do
  run ch8192-$i w4a16-int4-channel 8192x8192 "n=8192 k=8192 weight=int4 scale=channel"
  run g8192-$i w4a16-int4-g128 8192x8192 "n=8192 k=8192 weight=int4 scale=group group_size=128"
  run ch4096-$i w4a16-int4-channel 4096x4096 "n=4096 k=4096 weight=int4 scale=channel"
  run w8-8192-$i w8a16-int8-channel 8192x8192 "n=8192 k=8192 weight=int8 scale=channel"
  run w8-11008-$i w8a16-int8-channel 11008x4096 "n=11008 k=4096 weight=int8 scale=channel"
done
bash scripts/bundle-out.sh
