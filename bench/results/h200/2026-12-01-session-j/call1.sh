#!/bin/bash
# Session j, call 1: the wgmma kernels' code words loaded ahead of their
# decode (WgmmaCodeStream). One experiment build whose lookahead an
# environment variable sets (0 = the load right before its decode, as
# before; 4; default = the whole iteration within 32 registers), against
# 6faf411's runtime (build-prev/), A B C D A B C D, M = 32 / 64, then an ncu
# profile with per-SASS stall samples of the default at 8192 x 8192 M = 64.
source scripts/runtime-env.sh
nvidia-smi --query-gpu=name,clocks.sm,clocks.mem --format=csv
NEW_LIB=$HUMMING_LIBRARY
mkdir -p /tmp/rt-prev && tar -C /tmp/rt-prev -xJf build-prev/humming-runtime.tar.xz
for run in prev1 la0-1 la4-1 def1 prev2 la0-2 la4-2 def2; do
  unset HUMMING_EXP_LOOKAHEAD
  case $run in
    prev*) export HUMMING_LIBRARY=/tmp/rt-prev/humming-runtime/lib/libHummingRuntime.so HUMMING_CACHE_DIR=/tmp/hc-prev HUMMING_COMMIT=6faf411 ;;
    la0*) export HUMMING_LIBRARY=$NEW_LIB HUMMING_CACHE_DIR=/tmp/hc-la0 HUMMING_EXP_LOOKAHEAD=0 ;;
    la4*) export HUMMING_LIBRARY=$NEW_LIB HUMMING_CACHE_DIR=/tmp/hc-la4 HUMMING_EXP_LOOKAHEAD=4 ;;
    def*) export HUMMING_LIBRARY=$NEW_LIB HUMMING_CACHE_DIR=/tmp/hc-def ;;
  esac
  OUT=$OUT/$run timeout 110 bash bench/run.sh --cases w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel --shapes 8192x8192,4096x11008,28672x4096 --ms 32,64 --reps 15 --sweeps 1 --no-graph > $OUT/$run.log 2>&1
  echo "== $run rc $?"; grep -E "^\| (humming-mlir) \||^## " $OUT/$run.log | head -30; grep -iE "gate|error" $OUT/$run.log | head -3
done
export HUMMING_LIBRARY=$NEW_LIB HUMMING_CACHE_DIR=/tmp/hc-def; unset HUMMING_EXP_LOOKAHEAD
HUMMING_PROFILE_SOURCE=1 timeout 150 bash bench/profile.sh "n=8192 k=8192 weight=int4 scale=channel target=h200" 64 > $OUT/profile-8192-ch.log 2>&1
cat $OUT/profile-8192-ch.log
bash scripts/bundle-out.sh
