#!/bin/bash
# Session ba's third H200 call (carry ["dist", "peers"]; call2.sh runs
# inside it, after step 3, where peers/ came along): the planner rules and the
# narrowed zero-absent loop that session ba landed from its first two calls
# (session az's call1.sh and call2.sh, results beside them in
# ../2026-12-05-session-az/). dist/: 87f2103 (main after those changes);
# dist/prev/: 5796d0f (main before them: 4c02163's planner, the zero-absent
# loop at 2 and 4 k-blocks an iteration); dist/base/: b6ab8d3 (before the
# planner rules of 4c02163 and the zero-absent loop).
# 1. humming-run's reference check of call1-layers.txt (the new entries at
#    2048 x 7168, 3584 x 18944 and 14336 x 4096, with bf16, zero points and
#    bias; the 16-stage channel kernels back on the predicate and the g64
#    17..32-row kernel on zeroed stages; 6144 x 4096 g128, a shape the
#    4c02163 rules reach unmeasured); memcheck on lines 2 and 5.
#    Prediction: all pass.
# 2. A / B against dist/prev, 2 rounds: W4A16 channel and g128 at 2048 x
#    7168, 3584 x 18944, 14336 x 4096, M = 1 / 8 / 9 / 16. Predictions (the
#    hand entries of session az's call2.sh): 2048 x 7168 at 9 / 16 g128
#    3.0-4.4 us faster, channel 1.2-1.4; 3584 x 18944 at 9 / 16 2.3-3.0;
#    3584 x 18944 g128 at 8 0.6-0.9 faster, at 1 within 0.2; 14336 x 4096
#    channel at 1 / 8 0.8-1.0 faster; every other cell within 0.2.
# 3. A / B against dist/prev, channel at 4096 x 11008, 5120^2, 2048 x 7168,
#    M = 24 / 33 / 64 (the 16-stage kernels back on b6ab8d3's PTX): as
#    call 1 measured b6ab8d3 against 5796d0f, 4096 x 11008 0.3-0.4 faster
#    at 33 / 64, 2048 x 7168 0.2-0.3 at 24, 5120^2 0.1-0.2 faster at 24 and
#    0.4-0.5 slower at 33 / 64.
# 4. A / B against dist/base: 6144 x 4096 channel and g128, M = 1 / 8 / 16
#    / 24 / 32 (4c02163's queue rules and the 12-stage g128 17..32 tile
#    reach it unmeasured). Prediction: 0.3-1.5 us faster at 1..16 (8192 x
#    4096 gained 0.2-2.1 in call 1), 17..32 within 0.3 for channel (the same
#    kernels).
# 5. 3584 x 18944 channel at 1..8: the 64-column queue blocks in 2 splits
#    against the planner's 4 splits of the 2-CTA 64-column staged tile.
#    Prediction: within 0.3 (g128 gained 0.8 at M = 8 only).
set -u
LIMIT=${LIMIT:-575}
source bench/variants.sh
source scripts/runtime-env.sh
d=bench/results/h200/2026-12-05-session-ba
gpu_clocks
check_layers layers $d/call1-layers.txt 150; check_rc=$?
memcheck_layers layers $d/call1-layers.txt 2 5
date +%T
ab() {  # name base rounds args...
  local name=$1 base=$2; shift 2
  [ $SECONDS -lt $((LIMIT - 100)) ] || { echo "skipped $name: time guard"; return; }
  OUT=$OUT/$name timeout $((LIMIT - SECONDS - 20)) bash bench/ab.sh "$base" 2 "$@" \
    --reps 15 --sweeps 1 --no-graph --peers /nonexistent
  echo "$name A / B rc $? $(date +%T)"
}
if [ $check_rc -eq 0 ]; then
  ab plan dist/prev/humming-runtime.tar.xz \
    --cases w4a16-int4-channel,w4a16-int4-g128 \
    --shapes 2048x7168,3584x18944,14336x4096 --ms 1,8,9,16
  ab za dist/prev/humming-runtime.tar.xz --cases w4a16-int4-channel \
    --shapes 4096x11008,5120x5120,2048x7168 --ms 24,33,64
  # call2.sh (the planner against Marlin) where peers/ was carried.
  if [ -d peers/marlin-src ] && [ $SECONDS -lt $((LIMIT - 150)) ]; then
    OUT=$OUT/marlin SKIP_BUNDLE=1 LIMIT=$((LIMIT - SECONDS - 90)) bash $d/call2.sh
  fi
  ab q6144 dist/base/humming-runtime.tar.xz \
    --cases w4a16-int4-channel,w4a16-int4-g128 --shapes 6144x4096 \
    --ms 1,8,16,24,32
  VARIANT_TIMEOUT=110 VARIANT_MS=1,8
  [ $SECONDS -lt $((LIMIT - 110)) ] && entry_variants q8-3584-channel \
    w4a16-int4-channel 3584x18944 "q2=1-8:8x64x64:1x2x8:s3:k2:rq"
fi
gpu_clocks
bash scripts/bundle-out.sh
