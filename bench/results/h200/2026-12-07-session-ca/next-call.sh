#!/bin/bash
# The next session's first call, for whichever card comes. Carry
# ["dist/humming-runtime.tar.xz", "dist/COMMIT", "peers"]; dist/ built at
# main's tip (scripts/build-static.sh). Keep the folders of sessions bv,
# bw and ca in the tree (`device-aside.sh out 2026-12-07-session-bv
# 2026-12-07-session-bw 2026-12-07-session-ca`): the scripts below live
# there.
# - On an H200: session bw's next-call.sh (the final run at the tip with
#   both peers, then the 224-row A / B). Prediction: every target cell as
#   at 688a51e6 within the spread (W4A16 channel 12.2 / 12.9 / 19.0 us,
#   g128 12.7 / 13.4 / 20.1, W8A16 20.2 / 21.0 / 22.9).
# - Elsewhere: the check of NOTES section 146's account (the 224-row tile
#   gains less at 8192^2 because its two warpgroups reduce the cluster
#   pair's partial tile with half the threads of the table before's
#   four): ncu with per-instruction stall samples (bench/profile.sh,
#   HUMMING_PROFILE_SOURCE=1) of both tables at int4 g16 M = 208, 8192^2
#   and 28672 x 4096. Prediction: at 8192^2 the tile's samples after its
#   last warpgroup-MMA wait (the reduction and the epilogue) exceed the
#   table before's by about 3.5 k-cycles' worth (10-15 % of the kernel's
#   samples against 5-10 %); at 28672 x 4096 (no K split) the two are
#   within a few per cent.
set -u
case "$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)" in
  *H200*) exec bash bench/results/h200/2026-12-07-session-bw/next-call.sh ;;
esac
source scripts/runtime-env.sh
source bench/variants.sh
device_header
for s in 8192x8192 28672x4096; do
  S="n=${s%x*} k=${s#*x} weight=int4 scale=group group_size=16 target=h200"
  before=$(python3 bench/results/h100/2026-12-07-session-bv/unsplit224.py "$(plan_table "$S")")
  HUMMING_PROFILE_SOURCE=1 timeout 120 bash bench/profile.sh "$S" 208
  HUMMING_PROFILE_SOURCE=1 timeout 120 bash bench/profile.sh "$S dispatch=$before" 208
done
gpu_clocks
bash scripts/bundle-out.sh
