#!/bin/bash
# Session p, call 2 (branch exp/mma-sync-producer with a producer warpgroup
# of 4 warps for mma.sync too, dist/COMMIT says which): call 1 measured the
# one-warp producer (`:pw`) 0.2-1.2 us slower for W4A16 and 2.3-5.1 us slower
# for W8A16 than the planner's kernels. Hypothesis (section 20's wgmma
# lesson): one warp's cp.async all issue through one of the SM's four
# schedulers. With one producer warp per scheduler the copy rate matches the
# cooperative kernels'; prediction: :pw within +-0.2 us of the planner's
# kernels at W4A16 and 0-0.5 us faster at W8A16 (no CTA barrier per stage).
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
for i in 1; do
  run ch8192-$i w4a16-int4-channel 8192x8192 "n=8192 k=8192 weight=int4 scale=channel"
  run g8192-$i w4a16-int4-g128 8192x8192 "n=8192 k=8192 weight=int4 scale=group group_size=128"
  run ch4096-$i w4a16-int4-channel 4096x4096 "n=4096 k=4096 weight=int4 scale=channel"
  run w8-8192-$i w8a16-int8-channel 8192x8192 "n=8192 k=8192 weight=int8 scale=channel"
  run w8-11008-$i w8a16-int8-channel 11008x4096 "n=11008 k=4096 weight=int8 scale=channel"
done
bash scripts/bundle-out.sh
