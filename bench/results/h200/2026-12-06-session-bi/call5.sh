#!/bin/bash
# For the next device session: main's four-warpgroup 128 x 256 tile for
# 4-bit channel codes on long units (329fdab, NOTES section 125) on the GPU.
# carry ["dist/humming-runtime.tar.xz", "dist/COMMIT", "dist/base"]:
# dist/ = 329fdab or later, dist/base/ = b41bb52 (two warpgroups for
# channel codes); scripts/build-static.sh, git-ignored. Before the call
# `bash scripts/device-aside.sh out session-bi`; after it `... back`.
# 1. Reference check of call5-layers.txt (the new kernels at 193..4093 rows:
#    int4 and e2m1, integer and float zero points, bf16, bias, six shapes,
#    odd M) and memcheck of two of them. Prediction: all pass, clean.
# 2. A / B b41bb52 -> main, W4A16 channel at 8192^2, 11008 x 4096,
#    4096^2, 4096 x 11008 and 28672 x 4096, M = 128..4096, two rounds.
#    Prediction: 0.98-1.00 where the entries changed (call 4), 4096 x
#    11008's 257..512 cluster pair (86 k-blocks a CTA, unmeasured) and
#    28672 x 4096 (unsplit) likewise; unchanged cells within noise. Any
#    changed range 3 % or more slower on the H200 -> raise the rule's unit
#    bound past it or drop the rule.
# 3. The suite's wgmma:-6 (the new hand table: the tile at 8 stages, 4
#    k-blocks an iteration, through the workspace, as a pair and unsplit,
#    4-bit layers at odd shapes; 13 layers), then its shapes tier (int4
#    channel among its formats, the planner's tables at the five shapes,
#    M = 1..4096) with the time left.
set -u
LIMIT=${LIMIT:-540}
left() { echo $((LIMIT - SECONDS - ${1:-20})); }
here=bench/results/h200/2026-12-06-session-bi
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
check_layers layers $here/call5-layers.txt 150 && MEMCHECK_TIMEOUT=90 memcheck_layers layers $here/call5-layers.txt 2 6
OUT=$OUT/ab timeout $(( $(left 120) )) bash bench/ab.sh dist/base/humming-runtime.tar.xz "${AB_ROUNDS:-2}" \
  --cases w4a16-int4-channel --shapes 8192x8192,11008x4096,4096x4096,4096x11008,28672x4096 \
  --ms 128,193,256,512,1024,4096 --reps 10 --sweeps 1 --no-graph --peers /nonexistent > $OUT/ab.log 2>&1
echo "ab rc $? $(date +%T)"
python3 bench/ab_compare.py $OUT/ab --json $OUT/ab-compare.json > $OUT/ab-compare.md 2>&1; tail -32 $OUT/ab-compare.md
t=$(left 15)
[ "$t" -gt 40 ] && python3 scripts/gpu-validate.py --tier wgmma:-6 --tier shapes --out $OUT/val \
  --budget $((t - 30)) > $OUT/val.log 2>&1
echo "validate rc $? $(date +%T)"; tail -3 $OUT/val.log
gpu_clocks
bash scripts/bundle-out.sh
