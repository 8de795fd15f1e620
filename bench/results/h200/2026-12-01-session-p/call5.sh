#!/bin/bash
# Session p, call 5 (the runtime of the planner change after call 4: 1..8
# rows of 4-bit codes on 64-column tiles of 2 x 2 warps at 2 CTAs per SM
# where exactly 4 K splits fill the slots, N about 4096): the correctness
# suite on the tiers with planner tables at those shapes (smoke has uint4
# g128 at 4096^2; shapes has 4 four-bit formats at 4096^2 and 4096 x 11008,
# M = 1 and 7 on the new kernel), the README example, compute-sanitizer,
# the Python tests; compute-sanitizer on the new kernel itself; then the
# full benchmark with Marlin (built first from the git-ignored peers/
# folder, never committed), the session's one-run result.
[ -f peers/build.sh ] && { time bash peers/build.sh; } > $OUT/marlin-build.log 2>&1; tail -1 $OUT/marlin-build.log
OUT=$OUT/val HUMMING_VALIDATE_BUDGET=150 timeout 250 bash scripts/device-validate.sh smoke shapes > $OUT/val.log 2>&1
echo "validate rc $?"; tail -22 $OUT/val.log
source scripts/runtime-env.sh
for spec in "n=4096 k=4096 weight=uint4 scale=group group_size=128 bias=1" "n=4096 k=11008 weight=int4 scale=channel"; do
  timeout 100 compute-sanitizer --tool memcheck --error-exitcode 9 "$HUMMING_RUN" --spec "$spec target=h200" -m 1,5,8 --iters 1 -q
  echo "sanitizer exit $?"
done 2>&1 | tee $OUT/sanitizer.txt | grep -E "exit|ERROR SUMMARY|^M="
OUT=$OUT/full timeout 300 bash bench/run.sh --ms 1,4,8,16,32,64 --reps 20 > $OUT/full.log 2>&1
echo "bench rc $?"; grep -iE "not run|gate" $OUT/full.log | head -5; grep -E "^\||^## |^JIT" $OUT/full.log | grep -E "^## |humming-mlir \||marlin \||cublas-fp16 \||^JIT"
bash scripts/bundle-out.sh
