#!/bin/bash
# NOT RUN: session ax had no device. Run it after session aw's call1.sh
# (results/h200/2026-12-05-session-aw/call1.sh), on main's build in dist/
# (carry ["dist"]); no kernel-builder change, only a dispatch variant.
# Question (NOTES "Where the targets stand": W4A16 channel M = 1 misses 12 us
# by 0.29): is the 1..8-row kernel at 8192^2 held back by one CTA of 16
# warps per SM ending together (section 88: 12 % of warp samples wait at the
# end's CTA barrier for the slowest warp)? The variant gives each SM two
# independent CTAs of 8 warps, the swapped 8-row copy of the planner's own
# 9..16-row kernel at 8192^2 (256 blocks of 32 columns, lane queues of 3
# rounds, 2 CTAs per SM): `1-8:8x32x64:1x1x8:s3:k1:c2:rq`. ptxas (local):
# 64 registers for 4-bit channel, 72 for g128, no spills.
# Prediction: not faster. Its 16-row form runs M = 16 in 12.85 us (final run
# 515af44) against the planner's 12.29 at M = 1; half its MMAs should take
# 0.2-0.4 of that off, so 12.4-12.7 at M = 1..8 for channel, g128 0.1-0.5
# slower than its 12.7. (8-bit codes ran this variant in session as, call 1:
# 0.1-0.3 slower than the planner's, section 97; not repeated here.) If it
# is faster by 0.2 or more, the CTA-wide end is the cost and the planner
# should take it at 1..8 rows where 2 K-splitless CTAs per SM fill the SMs.
# SUPERSEDED before it ran: session ay's call3.sh
# (../2026-12-05-session-ay/) runs this on the build that the checks
# clear; run that one.
echo "superseded: run bench/results/h200/2026-12-05-session-ay/call3.sh" >&2
exit 2
