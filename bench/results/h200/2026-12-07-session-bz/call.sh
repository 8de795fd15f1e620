#!/bin/bash
# Session bz's call, for whichever card comes (name nvidia-h200 without
# needs_h200). Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT",
# "peers"]; dist/ at f38031e7 (main's kernels and runtime; the commits
# since change refusal wording and scripts only).
# - On an H200: session bw's next-call.sh (the final run at the tip with
#   both peers, then the 224-row A / B), its predictions there.
# - On an H100: section 144's open question, why the 224-row tile gains
#   11-12 % at int4 g16 28672 x 4096 but 5-6 % at 8192^2: ncu
#   (bench/profile.sh, cold L2) of the tile and of the table before
#   (unsplit224.py) at M = 208, g16 and g1024 at 28672 x 4096 and g16 at
#   8192^2. Prediction: the table before's DRAM bytes at g16 28672 x 4096
#   exceed codes + scales (74 MB) by more than at 8192^2 (the second
#   128-row M tile re-reads from DRAM what L2 cannot hold), and the
#   tile's bytes stay near 74 MB; if both read ~74 MB the gap is in the
#   issue (decode) side instead.
set -u
case "$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)" in
  *H200*) exec bash bench/results/h200/2026-12-07-session-bw/next-call.sh ;;
esac
source scripts/runtime-env.sh
source bench/variants.sh
device_header
for cs in "w4a16-int4-g16 28672x4096" "w4a16-int4-g1024 28672x4096" "w4a16-int4-g16 8192x8192"; do
  [ "$SECONDS" -lt "${DEADLINE:-240}" ] || { echo "deadline: $cs not run"; continue; }
  read -r c s <<< "$cs"
  spec="n=${s%x*} k=${s#*x} $(case_spec "$c") target=h200"
  t=$(plan_table "$spec") || continue
  r=$(python3 bench/results/h100/2026-12-07-session-bv/unsplit224.py "$t") || continue
  echo "=== $c $s: tile (planner) then before"
  timeout 90 bash bench/profile.sh "$spec" 208
  timeout 90 bash bench/profile.sh "$spec dispatch=$r" 208
done
gpu_clocks
bash scripts/bundle-out.sh
