#!/bin/bash
# Session bw's first call. Carry ["dist/humming-runtime.tar.xz",
# "dist/COMMIT", "peers"]; dist/ from main (scripts/build-static.sh).
# On an H200: session bv's next-call.sh (the final run with both peers at
# the tip, then the 224-row A / B). On an H100 (the final run's times are
# only comparable on the targets' card): next-rows224b.sh, the 224-row
# tile where the planner's rule has no measurement yet.
set -u
d=bench/results/h100/2026-12-07-session-bv
case "$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)" in
  *H200*) exec bash $d/next-call.sh ;;
  *) exec bash $d/next-rows224b.sh ;;
esac
