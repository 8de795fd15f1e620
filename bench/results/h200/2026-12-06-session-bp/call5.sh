#!/bin/bash
# Session bp, call 5, with the session's last ~330 s of device time: the
# targets' shape (8192^2, the three cases, M = 1 / 16 / 64) beside Humming
# (and cuBLAS), no Marlin build, no graph figure. On an H200 the first
# H200 cells with Humming in the same run; on an H100 a check of main's
# tip against session bo's call 1. Carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT", "peers"].
# Prediction: ours ahead of Humming in all 9 cells (on an H100 1.3-1.4x at
# W4A16 channel); on an H200 ours 12.3 / 12.8 / 19.0 us for W4A16 channel
# (the final run at 515af44), Humming near ANCHORS.md's 17.6 / 18.2.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks() { date +%T; nvidia-smi --query-gpu=name,clocks.sm,clocks.mem,temperature.gpu --format=csv,noheader; }
gpu_clocks
[ -d peers/humming-cache ] || tar -C peers -xJf peers/humming-cache.tar.xz
OUT=$OUT/t8192 timeout 230 bash bench/run.sh --shapes 8192x8192 --ms 1,16,64 \
  --reps 15 --sweeps 2 --no-graph --peers peers > "$OUT/t8192.log" 2>&1
echo "t8192 rc $? $(date +%T)"
grep -E "^\| (humming|impl|speedup)|^## " "$OUT/t8192.log"
grep -iE "gate|excluded" "$OUT/t8192.log" | head -5
gpu_clocks
bash scripts/bundle-out.sh
