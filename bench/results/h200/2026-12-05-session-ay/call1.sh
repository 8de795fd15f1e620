#!/bin/bash
# Session ay, call 1 (carry ["dist"]): session aw's call1.sh (the g64 fence
# rule) and session ax's call3.sh (zero-absent) in one call on one build, to
# spend the device time once. dist/comb/: 9b38d3f = main b584e11 + the g64
# fence patch + the zero-absent patch (branch exp/combined; the two touch
# different kernels: the g64 64-row cluster pair, and cooperative wgmma
# kernels whose units are not whole iterations). dist/base/: b6ab8d3 (main's
# kernels: scripts/ptx-compare.py found main's PTX unchanged since).
# 1. humming-run's reference check of call1-layers.txt (= session av's
#    call3-layers.txt + session ax's call3-layers.txt: every layer has
#    changed kernels), memcheck on line 1 (g64 8192^2) and 7 (4096 x 11008
#    channel). Prediction: all pass.
# 2. A / B, 2 rounds of base then comb, one sweep each (the rounds give
#    the repetition): g64 and channel at 8192^2, 4096 x 11008,
#    5120^2, M = 17 / 33 / 48 / 64 / 96. Predictions: g64 8192^2 0.2-0.4 us
#    faster at 48 / 64 (session av: 0.3-0.4);
#    channel 4096 x 11008 0.5-1.0 faster at 48 / 64, 0.0-0.3 at 17 / 33,
#    0.2-0.5 at 96; channel 5120^2 0.3-1.0 at 17..96. Controls (kernels the
#    same in both builds): channel 8192^2 within 0.2.
# 3. The suite's wgmma tier on comb. Prediction: passes.
set -u
LIMIT=${LIMIT:-575}  # seconds the call may take (the run's timeout_s less 25)
source bench/variants.sh
base_lib=$(unpack_runtime dist/base/humming-runtime.tar.xz /tmp/base-rt)
comb_lib=$(unpack_runtime dist/comb/humming-runtime.tar.xz /tmp/comb-rt)
export HUMMING_LIBRARY=$comb_lib HUMMING_COMMIT=$(cat dist/comb/COMMIT)
source scripts/runtime-env.sh
d=bench/results/h200/2026-12-05-session-ay
gpu_clocks
check_layers layers $d/call1-layers.txt $((LIMIT < 400 ? LIMIT / 2 : 200)); check_rc=$?
memcheck_layers layers $d/call1-layers.txt 1 7
date +%T
if [ $check_rc -eq 0 ]; then
  RUNTIME_VARIANT_TIMEOUT=80
  for round in 1 2; do
    for v in base comb; do
      [ $SECONDS -lt $((LIMIT - 100)) ] || { echo "skipped $v r$round: time guard"; continue; }
      lib=$base_lib; [ $v = comb ] && lib=$comb_lib
      runtime_variant $v-r$round $lib $(cat dist/$v/COMMIT) -- --cases w4a16-int4-g64,w4a16-int4-channel \
        --shapes 8192x8192,4096x11008,5120x5120 --ms 17,33,48,64,96 --reps 15 --sweeps 1 \
        --no-graph --peers /nonexistent
    done
  done
fi
date +%T
left=$((LIMIT - SECONDS)); [ $left -gt 200 ] && left=200
[ $left -gt 60 ] && OUT=$OUT/val HUMMING_VALIDATE_BUDGET=$((left - 30)) HUMMING_VALIDATE_ONLY=1 timeout $left \
  bash scripts/device-validate.sh wgmma > $OUT/val.log 2>&1
echo "validate rc $?"; tail -4 $OUT/val.log 2>/dev/null
gpu_clocks
bash scripts/bundle-out.sh
