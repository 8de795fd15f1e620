#!/bin/bash
# Session g, call 4: where the 33..64-row wgmma kernel spends its time after
# sections 14 and 17: ncu with per-SASS stall samples, W4A16 channel and
# g128, N = K = 8192, M = 64, and 28672 x 4096 M = 64 (one warpgroup, 2 CTAs
# per SM).
HUMMING_PROFILE_SOURCE=1 timeout 250 bash bench/profile.sh "n=8192 k=8192 weight=int4 scale=channel target=h200" 64 > $OUT/profile-8192-ch.log 2>&1
HUMMING_PROFILE_SOURCE=1 timeout 150 bash bench/profile.sh "n=8192 k=8192 weight=int4 scale=group group_size=128 target=h200" 64 > $OUT/profile-8192-g128.log 2>&1
HUMMING_PROFILE_SOURCE=1 timeout 150 bash bench/profile.sh "n=28672 k=4096 weight=int4 scale=channel target=h200" 64 > $OUT/profile-28672-ch.log 2>&1
cat $OUT/profile-*.log
bash scripts/bundle-out.sh
