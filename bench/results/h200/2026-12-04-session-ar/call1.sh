#!/bin/bash
# Session ar, call 1 (carry ["dist"]; dist = exp/cluster-push 45614d1, the
# cluster split's end pushing partials; dist/base = c857531, main's kernels).
# Lead (ncu samples of session ao's call 5, 8192^2 channel M = 64 pair): of
# 2117 warp samples, 288 after the loop; the two cluster barriers of the
# old end (a release arrive each, which ptxas makes MEMBAR.ALL.GPU + ERRBAR)
# hold 158: ERRBAR 41 + wait 15 at the first, MEMBAR 11 + ERRBAR 75 + wait
# 16 at the last, whose ERRBAR waits for the epilogue's global stores.
# New end: owners receive the others' chunks by st.async into their drained
# stages, counted by an mbarrier; a relaxed remote arrive says a CTA's
# stages are free; no cluster barrier or fence after the loop.
# 1. Correctness: every cluster-split form (wgmma pairs at 8192^2 and 11008 x
#    4096 M = 17..256, 3 splits (8 chunks over 3), mma.sync 4 splits, mma.sync
#    with warps along K (kLeader), bf16 + integer zero points, N / K tails,
#    odd M) through humming-run's reference check; memcheck on four.
# 2. A / B, two rounds: base (c857531), push (relaxed free arrive), pushrel
#    (the free arrive with release semantics: one thread's MEMBAR.GPU, PTX
#    8.1's st.async only), 8192^2 and 11008 x 4096, M = 24 / 48 / 64 / 128 /
#    200, the three cases.
# Prediction: push 0.3-1.0 us faster on the 8192^2 cluster tiles (M = 48 ..
#    200), 0.2-0.6 on 11008 x 4096 M = 24 .. 64; M = 24 at 8192^2 (workspace
#    split) unchanged within 0.2; pushrel within 0.1 of push.
set -u
source scripts/runtime-env.sh
date +%T
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
d=bench/results/h200/2026-12-04-session-ar
bash scripts/check-layers.sh < $d/call1-layers.txt > $OUT/layers.txt 2>&1
echo "check rc $?"; tail -1 $OUT/layers.txt
date +%T
{
  echo "64,200 n=8192 k=8192 weight=int4 scale=channel target=h200"
  echo "48,129 n=8192 k=8192 weight=int4 scale=group group_size=128 target=h200"
  sed -n 8,10p $d/call1-layers.txt
} | bash scripts/memcheck-layers.sh > $OUT/sanitizer.txt 2>&1
echo "memcheck rc $?"; tail -1 $OUT/sanitizer.txt
date +%T
exp_lib="$HUMMING_LIBRARY"
mkdir -p /tmp/base-rt && tar -C /tmp/base-rt -xJf dist/base/humming-runtime.tar.xz
base_lib=/tmp/base-rt/humming-runtime/lib/libHummingRuntime.so
run_cfg() { # TAG LIB COMMIT ENV...
  local tag="$1" lib="$2" commit="$3"; shift 3
  env "$@" HUMMING_LIBRARY="$lib" HUMMING_COMMIT="$commit" \
    HUMMING_CACHE_DIR="/tmp/ar-cache-$tag" OUT="$OUT/$tag$i" \
    timeout 100 bash bench/run.sh --shapes 8192x8192,11008x4096 \
    --ms 24,48,64,128,200 --reps 15 --sweeps 2 --no-graph --peers /nonexistent \
    > "$OUT/$tag$i.log" 2>&1
  echo "$tag$i rc $? $(date +%T)"
  grep -E "^## |^\| (humming-mlir|impl) " "$OUT/$tag$i.log"
  grep -iE "gate|error" "$OUT/$tag$i.log" | head -3
}
for i in 1 2; do
  run_cfg base "$base_lib" c857531
  run_cfg push "$exp_lib" 45614d1-push
  run_cfg pushrel "$exp_lib" 45614d1-pushrel HUMMING_EXP_FREE_RELEASE=1
done
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
bash scripts/bundle-out.sh
