#!/bin/bash
# Session av, call 2 (carry ["dist/exp-fence-wide"]): session at's call3.sh
# (../2026-12-04-session-at/call3.sh: its purpose, layers and predictions),
# with a time guard: a variant starts only while 480 s of the call's 600
# are not spent, so the results always come back (session au's call 4 ran
# past its limit and lost its files).
set -u
source bench/variants.sh
export HUMMING_LIBRARY=$(unpack_runtime dist/exp-fence-wide/humming-runtime.tar.xz /tmp/fw-rt)
source scripts/runtime-env.sh
d=bench/results/h200/2026-12-04-session-at
date +%T
HUMMING_EXP_FENCE_WIDE=2 HUMMING_CACHE_DIR=/tmp/fw-check timeout 120 \
  bash scripts/check-layers.sh < $d/call3-layers.txt > $OUT/layers.txt 2>&1
echo "check rc $?"; tail -1 $OUT/layers.txt
sed -n 1,2p $d/call3-layers.txt | HUMMING_EXP_FENCE_WIDE=2 HUMMING_CACHE_DIR=/tmp/fw-check \
  timeout 90 bash scripts/memcheck-layers.sh > $OUT/memcheck.txt 2>&1
echo "memcheck rc $?"; tail -1 $OUT/memcheck.txt
date +%T
RUNTIME_VARIANT_TIMEOUT=60
go() { [ $SECONDS -lt 480 ] || { echo "skipped $1: time guard"; return 0; }; runtime_variant "$@"; }
for round in 1 2; do
  for v in "base" "w1 HUMMING_EXP_FENCE_WIDE=1"; do
    set -- $v
    go $1-r$round "$HUMMING_LIBRARY" fence-wide ${2:-} -- \
      --shapes 4096x4096,4096x11008,28672x4096 --ms 48,64 --reps 15 --sweeps 2 \
      --no-graph --peers /nonexistent
  done
  for v in "g64base" "g64w2 HUMMING_EXP_FENCE_WIDE=2"; do
    set -- $v
    go $1-r$round "$HUMMING_LIBRARY" fence-wide ${2:-} -- \
      --cases w4a16-int4-g64 --shapes 8192x8192,4096x4096 --ms 48,64 --reps 15 \
      --sweeps 2 --no-graph --peers /nonexistent
  done
done
date +%T
bash scripts/bundle-out.sh
