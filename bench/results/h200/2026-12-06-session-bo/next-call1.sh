#!/bin/bash
# For the next device session's first call, on an H200 if one is lent (on
# an H100 it repeats session bo's call 1: skip it there). Carry
# ["dist/humming-runtime.tar.xz", "dist/COMMIT", "peers"]: dist/ from
# scripts/build-static.sh at main; peers/ as bench/README.md says
# (Marlin's sources and peers/build.sh, mgoin/humming as peers/humming-src,
# peers/wheels with pyelftools, peers/humming-cache.tar.xz from an earlier
# call).
# 1. The models and smoke tiers of the GPU suite on the H200 (the two-CTA
#    tiles of section 131 have run only on H100s). Prediction: all pass.
# 2. The benchmark with Marlin and Humming in the same run: the first on
#    an H200 with Humming (mgoin/humming). Prediction: ours faster than
#    both peers in every cell at M <= 64 (on the H100 1.13-1.57x);
#    Humming's H200 times near ANCHORS.md's upstream figures (17.6 / 18.2
#    us at 8192^2 W4A16 channel M = 1 / 16).
# The same call as session bn's next-call1.sh (validate, then final_run
# with both peers), which no H200 has run yet.
exec bash bench/results/h200/2026-12-06-session-bn/next-call1.sh
