#!/bin/bash
# Session x, call 2 (cf4bb2e's runtime, carry ["dist"], about 2 min).
# Call 1: `:sn` took a fifth of the loop's instructions away (M = 1: 241 ->
# 193 per iteration) and moved the cold times by -0.3..+0.5 us (8192^2
# 13.4 / 14.8 -> 13.5 / 14.7 at M = 1 / 16). Is the kernel's own machinery
# faster and the stream what hides it, or is issue not its bound at all?
# Test: the same comparison hot (no flush: weights partly in L2, as
# section 57), and cold once more, 8192^2 and 4096 x 11008, M = 1 / 16.
# Prediction: if issue bound the hot kernel, hot M = 1 drops ~1-2 us (11.6
# -> ~10); if it does not, hot is unchanged like cold.
set -u
source scripts/runtime-env.sh
sn() {
  bench/plan-table.sh "$1" | python3 -c '
import sys
out = []
for e in sys.stdin.read().strip().split(","):
    f = e.split(":")
    lo, hi = f[0].split("-")
    if hi and int(hi) <= 16 and not any(x in ("wg", "ws") for x in f):
        e += ":sn"
    out.append(e)
print(",".join(out))'
}
for flush in none write; do
  for shape in 8192x8192 4096x11008; do
    spec="n=${shape%x*} k=${shape#*x} weight=int4 scale=channel target=h200"
    name=$flush-$shape
    OUT=$OUT/$name timeout 100 bash bench/run.sh --cases w4a16-int4-channel --shapes $shape --ms 1,16 --reps 15 --sweeps 2 --no-graph --peers /nonexistent \
      --flush $flush --variant "sn=dispatch=$(sn "$spec")" > $OUT/$name.log 2>&1
    echo "$name rc $?"; grep -E "^\| (humming-mlir|impl)" $OUT/$name.log; grep -iE "gate|error" $OUT/$name.log | head -3
  done
done
bash scripts/bundle-out.sh
