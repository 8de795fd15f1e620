#!/bin/bash
# NOT RUN: session ax had no device. Optional, after call1-3 if device time
# is left (carry ["dist", "peers"]; Marlin built by session aw's call1.sh).
# Question: is the planner, whose rules were measured at the five benchmark
# shapes, also faster than Marlin on common model shapes it was never timed
# on? Its tables there (local, W4A16 channel): 14336 x 4096 takes 2 K splits
# of 16 x 256 staged tiles at 1..8 rows (the lane queues' rules ask for K =
# 8192 or N about 4096), 5120^2 the 3-CTA 32-column blocks, 3584 x 18944 the
# 2-CTA 64-column tile with 4 splits, 2048 x 7168 8 K splits of 128-column
# tiles. Main's build (dist/base/), one sweep, no graph figure.
# Prediction: faster than Marlin in every channel cell (1.1-2x, as at the
# benchmark shapes); at M = 1 within 1.5x of the floor's time at N >= 5120.
# A cell slower than Marlin, or more than 2x the floor at M = 1, is a shape
# whose rules need a measurement of their own.
# SUPERSEDED before it ran: session ay's call3.sh
# (../2026-12-05-session-ay/) runs this step on the build that the checks
# clear; run that one.
echo "superseded: run bench/results/h200/2026-12-05-session-ay/call3.sh" >&2
exit 2
