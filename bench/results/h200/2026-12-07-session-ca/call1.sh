#!/bin/bash
# Session ca's first call, for whichever card comes. Carry
# ["dist/humming-runtime.tar.xz", "dist/COMMIT", "peers"]; dist/ built at
# main's tip (scripts/build-static.sh).
# - On an H200: session bw's next-call.sh (the final run at the tip with
#   both peers, then the 224-row A / B). Prediction: every target cell as at
#   688a51e6 within the spread (W4A16 channel 12.2 / 12.9 / 19.0 us, g128
#   12.7 / 13.4 / 20.1, W8A16 20.2 / 21.0 / 22.9).
# - Elsewhere: the GPU suite's planner tiers and memcheck at the tip
#   (session bx's call2.sh). Prediction: all pass.
set -u
case "$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)" in
  *H200*) exec bash bench/results/h200/2026-12-07-session-bw/next-call.sh ;;
  *) exec bash bench/results/h200/2026-12-07-session-bx/call2.sh ;;
esac
