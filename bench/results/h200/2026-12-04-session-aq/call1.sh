#!/bin/bash
# Session aq, call 1 (carry ["dist"]; dist = branch exp/copies-aq at
# ba7b4e2: d6310ae's shared copy addresses plus env switches read by the
# kernel builder; dist/base = 0b5675b, main's kernels).
# Section 93 left d6310ae (copies sharing one address, 13 % fewer loop
# instructions) 0.4 us slower on the 4-bit channel pair at 8192^2 M = 48 /
# 64, with its 24 copies in a burst right ahead of the second k16 step's
# code load (LDS at instruction 139, first HGMMA at 144). Configurations,
# each with its own kernel cache, in turn, two rounds:
#   base     0b5675b
#   sh       d6310ae's addresses (its SASS: loop 584 instructions)
#   sh2s     + step 1's code words loaded before the refill too
#   shfirst  + the refill copies after k-block 0's MMAs (first HGMMA at
#            loop instruction 32 instead of 144)
#   nsfirst  0b5675b's per-copy addresses, copies after k-block 0's MMAs
# Predictions (8192^2 M = 48 / 64, channel pair): sh 0.3-0.5 slower than
# base (as in section 93). If the LDS behind the burst is the loss, sh2s
# recovers it (>= 0.3 faster than sh). If the burst ahead of the first MMA
# is, shfirst is 0.2-0.5 faster than base; section 58's probe (refill after
# the first k-block: slower by 11 cycles a k-block) says it will not be,
# and nsfirst tells placement from addressing. g128's pair: within 0.2 of
# base for all. 28672 x 4096: sh 0.3-0.9 slower (section 93).
set -u
source scripts/runtime-env.sh
exp_lib="$HUMMING_LIBRARY"
mkdir -p /tmp/base-rt && tar -C /tmp/base-rt -xJf dist/base/humming-runtime.tar.xz
base_lib=/tmp/base-rt/humming-runtime/lib/libHummingRuntime.so
date +%T
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
run_cfg() { # TAG LIB COMMIT ENV...
  local tag="$1" lib="$2" commit="$3"; shift 3
  env "$@" HUMMING_LIBRARY="$lib" HUMMING_COMMIT="$commit" \
    HUMMING_CACHE_DIR="/tmp/aq-cache-$tag" OUT="$OUT/$tag$i" \
    timeout 100 bash bench/run.sh --shapes 8192x8192,4096x11008,28672x4096 \
    --ms 48,64 --reps 15 --sweeps 2 --no-graph --peers /nonexistent \
    > "$OUT/$tag$i.log" 2>&1
  echo "$tag$i rc $? $(date +%T)"
  grep -E "^## |^\| (humming-mlir|impl) " "$OUT/$tag$i.log"
  grep -iE "gate|error" "$OUT/$tag$i.log" | head -3
}
for i in 1 2; do
  run_cfg base "$base_lib" 0b5675b
  run_cfg sh "$exp_lib" ba7b4e2-sh
  run_cfg sh2s "$exp_lib" ba7b4e2-sh2s HUMMING_EXP_TWO_STEPS=1
  run_cfg shfirst "$exp_lib" ba7b4e2-shfirst HUMMING_EXP_INTERLEAVE=first
  run_cfg nsfirst "$exp_lib" ba7b4e2-nsfirst HUMMING_EXP_NO_SHARED=1 HUMMING_EXP_INTERLEAVE=first
done
nvidia-smi --query-gpu=clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader
bash scripts/bundle-out.sh
