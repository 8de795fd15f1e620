#!/bin/bash
# Session t, call 6 (main's kernels: dist/ is d7dde67's runtime, the same
# kernels as HEAD; carry ["dist", "peers"], about 5 min): the final run of
# this session, with Marlin's group-128 kernel in it for the first time.
# Since session a Marlin's g128 kernel died with an illegal instruction on
# this image while its channel kernel ran. Its g128 path is the only one
# that copies the group scales with `cp.async...L2::cache_hint` inside the
# main loop, and ptxas 13.0 is known here to give such hinted copies an odd
# uniform-register pair as their descriptor (`desc[UR1]`), which faults
# (bench/NOTES.md sections 6 and 11: why our own copies carry no hint). The
# local, git-ignored Marlin copy has that one copy unhinted (its weights'
# copies keep the hint). Prediction: Marlin g128 runs, within 0.5 us of
# Marlin channel at M <= 16.
source scripts/runtime-env.sh
[ -f peers/build.sh ] && bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"
cuobjdump -sass peers/marlin_cuda*.so 2>/dev/null | grep -o 'LDGSTS[^;]*' | grep -o 'desc\[UR[0-9]*\]' | sort | uniq -c > $OUT/marlin-ldgsts-desc.txt
echo "marlin hinted copies by descriptor register:"; cat $OUT/marlin-ldgsts-desc.txt
OUT=$OUT/full timeout 500 bash bench/run.sh --ms 1,4,8,16,32,64 --reps 20 > $OUT/full.log 2>&1
echo "full rc $?"; grep -E "^\| |^#|probe|PROBE" $OUT/full.log | head -100
bash scripts/bundle-out.sh
