#!/bin/bash
# Session bh, call 1: session bg's call2.sh reordered for less device time
# (ten failed starts left about 10 minutes): the steps whose answer changes
# what main ships come first. carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT", "dist/main", "dist/wide4"]: dist/ = b41bb52 (main's
# kernels; the host reference by rows), dist/main/ = 6440a4d (the 128 x 256
# tile as two warpgroups everywhere), dist/wide4/ = f267d32 (four
# warpgroups for every group layer); scripts/build-static.sh, git-ignored.
# Before it `bash scripts/device-aside.sh out session-bg session-bh`.
# Predictions and decision rules: session bg's call2.sh header.
# 1. A / B 6440a4d -> main, 4-bit g64 and g32 (main takes four warpgroups
#    for both; unmeasured), two rounds.
#    (AB1_CASES=w4a16-int4-g64 AB_ROUNDS=1 RESERVE=20 for a short call:
#    RESERVE is the seconds kept for steps 3-4.)
# 2. A / B f267d32 -> main, 8-bit g128 (four warpgroups against main's two),
#    two rounds.
# 3. Nsight Compute of the 128 x 256 tile as two and four warpgroups, W8A16
#    channel 8192^2 M = 4096: why four are slower.
# 4. Reference check of session bg's call2-layers.txt (57344 x 8192 at full
#    K through the host reference by rows).
set -u
LIMIT=${LIMIT:-420}
left() { echo $((LIMIT - SECONDS - ${1:-20})); }
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
ab() { # TAG BASE CASES TIMEOUT
  OUT=$OUT/$1 timeout "$4" bash bench/ab.sh "$2" "${AB_ROUNDS:-2}" --cases "$3" \
    --shapes 8192x8192,11008x4096,4096x4096,2048x7168 --ms 128,193,256,512,1024,4096 \
    --reps 10 --sweeps 1 --no-graph --peers /nonexistent > "$OUT/$1.log" 2>&1
  echo "ab $1 rc $? $(date +%T)"
  python3 bench/ab_compare.py "$OUT/$1" --json "$OUT/$1-compare.json" > "$OUT/$1-compare.md" 2>&1
  tail -30 "$OUT/$1-compare.md"
}
ab ab-g64 dist/main/humming-runtime.tar.xz "${AB1_CASES:-w4a16-int4-g64,w4a16-int4-g32}" $(( $(left ${RESERVE:-150}) / 2 ))
ab ab-w8g128 dist/wide4/humming-runtime.tar.xz w8a16-int8-g128 $(left ${RESERVE:-150})
for w in 2 4; do
  [ "$(left 10)" -gt 50 ] || break
  OUT=$OUT/prof$w timeout 50 bash bench/profile.sh \
    "n=8192 k=8192 weight=int8 scale=channel target=h200 dispatch=1-:128x256x64:1x${w}x1:s6:k1:wg" 4096 \
    > $OUT/prof$w.log 2>&1
  echo "profile $w warpgroups rc $? $(date +%T)"; tail -12 $OUT/prof$w.log
done
t=$(left 15); [ "$t" -gt 20 ] && check_layers rule bench/results/h200/2026-12-05-session-bg/call2-layers.txt "$t"
gpu_clocks
bash scripts/bundle-out.sh
