#!/bin/bash
# Session bp, call 4 (an H100 or the H200), dist/ at b03504bb. The new
# 65..96-row rule (3 workspace splits at two CTAs per SM) where the
# planner now takes it beyond 11008 x 4096: Qwen3-4B's 9728 x 2560 (up /
# gate) and 10240 x 2048; the table before (96 x 128 unsplit, 8 stages) as
# a hand table, Humming beside, one process, M = 65 / 80 / 96. Carry
# ["dist/humming-runtime.tar.xz", "dist/COMMIT", "peers"].
# Prediction (the estimate: 16.2 against 17.6 us at 9728 x 2560): the new
# table 3-10 % faster than the old at M = 80 / 96; at 10240 x 2048 (32
# k-blocks, 11 a split) within +-5 %.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
[ -d peers/humming-cache ] || tar -C peers -xJf peers/humming-cache.tar.xz
for nk in 9728x2560 10240x2048; do
  s="n=${nk%x*} k=${nk#*x} $(case_spec w4a16-int4-channel) target=h200"
  t=$(plan_table "$s" "65-96:96x128x64:1x2x1:s8:k1:wg")
  OUT=$OUT/c$nk timeout 200 bash bench/run.sh --cases w4a16-int4-channel --shapes "$nk" \
    --ms 65,80,96 --reps 15 --sweeps 2 --no-graph --peers peers --variant "old=dispatch=$t" \
    > "$OUT/c$nk.log" 2>&1
  echo "c$nk rc $? $(date +%T)"
  grep -E "^\| (humming|impl)" "$OUT/c$nk.log"
  grep -iE "gate|excluded" "$OUT/c$nk.log" | head -3
done
gpu_clocks
bash scripts/bundle-out.sh
