#!/bin/bash
# Session bz's next call, for whichever card comes. Carry
# ["dist/humming-runtime.tar.xz", "dist/COMMIT", "dist/mi", "peers"].
# - On an H200: session bw's next-call.sh (the final run at main's tip
#   with both peers, then the 224-row A / B).
# - Elsewhere: results/h100/2026-12-07-session-bz/call2.sh (the M-tile
#   groups of branch exp/m-inner: reference check, then A / B).
set -u
case "$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)" in
  *H200*) exec bash bench/results/h200/2026-12-07-session-bw/next-call.sh ;;
  *) exec bash bench/results/h100/2026-12-07-session-bz/call2.sh ;;
esac
