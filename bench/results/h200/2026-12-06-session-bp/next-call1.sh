#!/bin/bash
# For the next device session's first call, on an H200 (on an H100 skip the
# benchmark half: session bp's calls measured main's new 65..96 rule there).
# Carry ["dist/humming-runtime.tar.xz", "dist/COMMIT", "peers"]: dist/ from
# scripts/build-static.sh at main; peers/ as bench/README.md says.
# Session bo's next-call1.sh (the models and smoke tiers, then the
# benchmark with Marlin and Humming; its predictions), now with section
# 133's tile in the planner: at 11008 x 4096 channel M = 80 ours ahead of
# Humming (on an H100 22.2 against 22.7 us), the M <= 64 cells as in the
# final run at 515af44 (none of their kernels changed).
exec bash bench/results/h200/2026-12-06-session-bo/next-call1.sh
