#!/bin/bash
# NOT RUN: session aw's two starts were refused, then no device was lent for
# the rest of the session. To run it: build main into dist/ with
# scripts/build-static.sh and move dist/humming-runtime.tar.xz and
# dist/COMMIT into dist/base/; `git am` fence-g64.patch (beside this file)
# on a branch and build again into dist/; put Marlin's sources and a build
# script in the git-ignored peers/ (bench/README.md). If the checks pass,
# the patch lands on main (then update wgmmaStepsPerFence's comment, NOTES
# section 105 and the README's status row).
# Session aw, call 1 (carry ["dist", "peers"]). dist/: 8830f27, main with
# 963c807 and 7cd4d63 again (a fence per two wgmma k16 steps also on the
# 64-row cluster tiles with group runs of one k-block or less: g64 and
# finer; at the benchmark shapes the g64 33..64-row kernels of 8192^2 and
# 11008 x 4096; scripts/ptx-compare.py over 12 g64 / g32 / g128 / channel
# specs at the five shapes: the 33..64-row kernel of g64 int4 and uint4 at
# 8192^2 and 11008 x 4096 differ, nothing else). dist/base/: 7a94648 (main
# without it). The commits are
# this session's names; a new build's COMMIT files give the ones run.
# 1. The changed kernel families through humming-run's reference check
#    (session av's call3-layers.txt: odd M, uint4 zero points in bf16,
#    bias, int8 g64, K = 8256 / 4160), memcheck on two layers.
#    Prediction: all pass (the same rule passed 16 checks as a variable in
#    session av's call 2).
# 2. A / B, 2 rounds: g64 at 8192^2 and 11008 x 4096, M = 33 / 48 / 64.
#    Prediction: 8192^2 0.2-0.4 us faster at 48 / 64 (session av: 0.3-0.4),
#    M = 33 as 48; 11008 x 4096 -0.2..+0.4 (not measured before).
# 3. The suite's wgmma and shapes tiers on 8830f27. Prediction: all pass.
# 4. The final run with Marlin (built in the git-ignored peers/): 8830f27's
#    kernels if 1 and 3 passed, else 7a94648's. Prediction: every cell
#    within the spread of bench-2026-12-05-515af44 but g64 (not a case of
#    the run): the changed kernels are g64 only.
# SUPERSEDED before it ran: session ay's call1.sh and call2.sh
# (../2026-12-05-session-ay/) runs this on the build that the checks
# clear; run that one.
echo "superseded: run bench/results/h200/2026-12-05-session-ay/call1.sh and call2.sh" >&2
exit 2
