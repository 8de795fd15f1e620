#!/bin/bash
# Session r, call 7 (a595c06's runtime; about 2 min, the session's last
# device time): Nsight Compute on 4096 x 11008 at M = 16, where g128 takes
# 15.1 us and channel codes 12.6 (sections 44-46): the same narrow 2-CTA
# tile for both scales, and the planner's g128 16 x 256 tile. Question:
# what does the g128 loop wait on that the channel loop does not (issue
# slots, the stall reasons, DRAM throughput)?
NARROW="1-8:8x64x64:1x2x2:s16:k4:c2:sw,9-16:16x64x64:1x2x2:s16:k4:c2,17-:128x64x64:2x1x1:s4:k1"
for spec in "n=4096 k=11008 weight=int4 scale=channel target=h200 dispatch=$NARROW" \
            "n=4096 k=11008 weight=int4 scale=group group_size=128 target=h200 dispatch=$NARROW" \
            "n=4096 k=11008 weight=int4 scale=group group_size=128 target=h200"; do
  timeout 80 bash bench/profile.sh "$spec" 16
done > $OUT/profile.log 2>&1
echo "rc $?"; cat $OUT/profile.log | cut -c1-160
bash scripts/bundle-out.sh
