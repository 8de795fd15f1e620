#!/bin/bash
# Session by's call, for whichever card comes (name nvidia-h200 without
# needs_h200: an H100 or an H200). Carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT", "peers"]; dist/ from main (scripts/build-static.sh).
# - On an H200: session bw's next-call.sh (the final run at main's tip with
#   both peers, then the 224-row A / B), its predictions there.
# - On an H100: session bx's call1.sh (the 224-row tile at int4 g16 /
#   g1024, untimed so far), its prediction there (g16 3-10 %, g1024 5-12 %
#   faster than the table before); results go to
#   bench/results/h100/2026-12-07-session-bx/.
# DEADLINE (default 575 s) caps either.
set -u
case "$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)" in
  *H200*) exec bash bench/results/h200/2026-12-07-session-bw/next-call.sh ;;
  *) DEADLINE=${DEADLINE:-575} exec bash bench/results/h100/2026-12-07-session-bx/call1.sh ;;
esac
