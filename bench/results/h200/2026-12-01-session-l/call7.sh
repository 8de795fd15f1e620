#!/bin/bash
# Session l, call 7 (8ef8620 = 2ec74be's runtime): where the 33..64-row
# wgmma kernel's time goes now (16 stages, four k-blocks per iteration): ncu
# with per-SASS stall samples on the planner's M = 64 kernel of W4A16 channel
# 8192 x 8192, and the M = 32 one.
HUMMING_PROFILE_SOURCE=1 timeout 300 bash bench/profile.sh "n=8192 k=8192 weight=int4 scale=channel target=h200" 32,64
bash scripts/bundle-out.sh
