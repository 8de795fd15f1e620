#!/bin/bash
# Session bp: why Humming's stream-K beats ours at 11008 x 4096 W4A16
# channel M = 80 (section 132: Humming 23.2 us, our planner's 86 unsplit
# 96 x 128 CTAs 24.7, our stream-K over the `:ws` tile 30.7). Nsight
# Compute on all three through the benchmark's setup
# (bench/profile-impls.sh): every kernel of a call, its duration, DRAM
# bytes, occupancy and stall reasons.
# Predictions: Humming's kernel reads about the same DRAM bytes as ours
# (about 22.6 MB of weights and scales) at a higher DRAM throughput over
# 132 CTAs; our stream-K kernel writes and reads several MB of fp32
# partials more (3 segments' 48 KB per CTA: about 6 MB each way) and
# spends its extra time at the segment ends (barrier and
# long-scoreboard stalls), not in the loop.
set -u
source scripts/runtime-env.sh
gpu_clocks() { date +%T; nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader; }
gpu_clocks
if [ -f peers/humming-cache.tar.xz ] && [ ! -d peers/humming-cache ]; then
  tar -C peers -xJf peers/humming-cache.tar.xz
  echo "humming cache rc $? ($(ls peers/humming-cache 2>/dev/null | wc -l) entries)"
fi
# (As run, the variable was PROFILE_SOURCE, profile-impls.sh's name for
# HUMMING_PROFILE_SOURCE until it shared bench/ncu-common.sh.)
# (As run in call 1b, the variant was the bare entry, which gemm_bench.py
# refuses: "skws=dispatch=TABLE" is its form, so only the planner and
# Humming were profiled there.)
source bench/variants.sh
t=$(plan_table "n=11008 k=4096 $(case_spec w4a16-int4-channel) target=h200" \
  "65-96:96x128x64:1x2x1:s8:sk:ws")
HUMMING_PROFILE_SOURCE=1 PROFILE_ARGS="--variant skws=dispatch=$t" NCU_REPS=2 timeout 480 \
  bash bench/profile-impls.sh w4a16-int4-channel 11008x4096 80 \
  humming-mlir humming-mlir:skws humming > "$OUT/profile.log" 2>&1
echo "profile rc $? $(date +%T)"; grep -E "^NCU|^==|Duration" "$OUT/profile.log" | head -40
gpu_clocks
