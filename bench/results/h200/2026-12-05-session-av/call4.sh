#!/bin/bash
# Session av, call 4 (carry ["dist/new"]): call3.sh's checks alone, for the
# device budget left after refused starts (~270 s). dist/new: 963c807 (the
# branch exp/fence-g64's change). call3-layers.txt covers each kernel family
# the change touches (g64 33..64-row cluster tiles at 8192^2 and 11008 x
# 4096: int4, uint4 with zero points in bf16, bias, int8, K = 8256 / 4160).
# Prediction: all pass, memcheck clean (=2 of call 2 passed 16 checks).
set -u
source bench/variants.sh
export HUMMING_LIBRARY=$(unpack_runtime dist/new/humming-runtime.tar.xz /tmp/new-rt)
source scripts/runtime-env.sh
d=bench/results/h200/2026-12-05-session-av
date +%T
HUMMING_CACHE_DIR=/tmp/new-check timeout 100 bash scripts/check-layers.sh < $d/call3-layers.txt \
  > $OUT/layers.txt 2>&1
echo "check rc $?"; tail -1 $OUT/layers.txt
sed -n 1,2p $d/call3-layers.txt | HUMMING_CACHE_DIR=/tmp/new-check timeout 80 \
  bash scripts/memcheck-layers.sh > $OUT/memcheck.txt 2>&1
echo "memcheck rc $?"; tail -1 $OUT/memcheck.txt
date +%T
