#!/bin/bash
# Session bp, call 2 (an H100 or the H200). Carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT", "peers"]. The cells Humming leads (M = 80 / 128, past the
# issue's M <= 64): K splits whose units fill two CTAs per SM. At 11008 x
# 4096 the planner runs 86 unsplit 96 x 128 CTAs at 65..96 rows (46 SMs
# idle) and 129 CTAs of 128 x 256 in 3 splits at 97..128. In 3 splits at
# two CTAs per SM (4 stages) both tiles make 258 units for 264 slots, all
# resident: every SM streams 2/3 of a 96 x 128 tile's k-blocks (instead of
# a whole one on 86 SMs), or the same work as the 128 x 256 tile's but in
# two CTAs that hide each other's barriers (section 131). Never measured:
# section 131's two-CTA tiles were unsplit, its splits one CTA per SM.
# Hand tables beside the planner and Humming in one process (15 calls x 2
# sweeps, the gate on every cell), then profile.sh if time is left.
# Predictions (H100 times of section 132: planner 24.8 / 29.0 at M = 80 /
# 128, Humming 23.2 at M = 80): channel 65..96 in 3 splits at two per SM
# 15-25 % faster than the planner (k-block time 0.60 us x 21.3 + the
# split end: 17-20 us), ahead of Humming; 97..128 as 128 x 128 in 3 splits
# at two per SM 3-12 % faster. g128: the group sums spill at 128
# registers (section 131: 4.7x slower unsplit), so in the B fragment
# (`bf`) only; 0-10 % faster at M = 80.
set -u
LIMIT=${LIMIT:-560}
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
[ -d peers/humming-cache ] || tar -C peers -xJf peers/humming-cache.tar.xz
sweep() {  # NAME CASE SHAPE MS VARIANT=ENTRIES...
  local name=$1 case=$2 shape=$3 ms=$4; shift 4
  local s="n=${shape%x*} k=${shape#*x} $(case_spec "$case") target=h200" v t args=()
  for v in "$@"; do
    # shellcheck disable=SC2086 # (the entries split on spaces)
    t=$(plan_table "$s" ${v#*=}) || { echo "$name: bad '$v'"; return 1; }
    args+=(--variant "${v%%=*}=dispatch=$t")
  done
  OUT=$OUT/$name timeout 150 bash bench/run.sh --cases "$case" --shapes "$shape" \
    --ms "$ms" --reps 15 --sweeps 2 --no-graph --peers peers "${args[@]}" > "$OUT/$name.log" 2>&1
  echo "$name rc $? $(date +%T)"
  grep -E "^\| (humming-mlir|humming|impl) " "$OUT/$name.log"
  grep -iE "gate|excluded" "$OUT/$name.log" | head -3
}
sweep c11008 w4a16-int4-channel 11008x4096 80,96,100,128 \
  "c2k3=65-96:96x128x64:1x2x1:s4:k3:c2:wg 97-128:128x128x64:1x2x1:s4:k3:c2:wg" \
  "c2k3s5=65-96:96x128x64:1x2x1:s5:k3:c2:wg"
sweep g11008 w4a16-int4-g128 11008x4096 80,128 \
  "c2k3bf=65-96:96x128x64:1x2x1:s4:k3:c2:wg:bf 97-128:128x128x64:1x2x1:s4:k3:c2:wg:bf"
gpu_clocks
if [ $((LIMIT - SECONDS)) -gt 200 ]; then
  timeout $((LIMIT - SECONDS - 10)) bash "$(dirname "$0")/profile.sh"
fi
bash scripts/bundle-out.sh
