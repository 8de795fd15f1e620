#!/bin/bash
# The next session's first call, for whichever card comes. Carry
# ["dist/humming-runtime.tar.xz", "dist/COMMIT", "peers"]; dist/ built at
# main's tip (scripts/build-static.sh). Keep the folders of sessions bv,
# bw, bz and ca in the tree (`device-aside.sh out 2026-12-07-session-bv
# 2026-12-07-session-bw 2026-12-07-session-bz 2026-12-07-session-ca`):
# the scripts below live there. Session bz's call.sh, with per-instruction
# stall samples (HUMMING_PROFILE_SOURCE=1) and a later deadline:
# - On an H200: session bw's next-call.sh (the final run at the tip with
#   both peers, then the 224-row A / B). Prediction: every target cell as
#   at 688a51e6 within the spread (W4A16 channel 12.2 / 12.9 / 19.0 us,
#   g128 12.7 / 13.4 / 20.1, W8A16 20.2 / 21.0 / 22.9).
# - Elsewhere: the check of NOTES section 146's account (the 224-row tile
#   gains less at 8192^2 because its two warpgroups reduce the cluster
#   pair's partial tile with half the threads of the table before's
#   four): ncu of both tables at M = 208, int4 g16 / g1024 28672 x 4096
#   and g16 8192^2. Prediction: at g16 8192^2 the tile's samples after its
#   last warpgroup-MMA wait (the reduction and the epilogue) exceed the
#   table before's by about 3.5 k-cycles' worth (10-15 % of the kernel's
#   samples against 5-10 %); at 28672 x 4096 (no K split) and for g1024
#   (two warpgroups either way) within a few per cent.
export HUMMING_PROFILE_SOURCE=1
DEADLINE=${DEADLINE:-420} exec bash bench/results/h200/2026-12-07-session-bz/call.sh
