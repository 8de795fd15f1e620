#!/bin/bash
# Session t, call 7 (carry ["dist", "peers"], about 3 min): call 6's Marlin
# g128 kernel still died; its SASS had 20 hinted copies with the odd
# descriptor desc[UR1] left, the weights' copies (cp_async4_stream). The
# local, git-ignored Marlin copy now issues every copy unhinted. W4A16 g128
# and channel at the five shapes, Marlin beside ours (channel: to see what
# the hint was worth to Marlin, against call 6's hinted channel kernel).
source scripts/runtime-env.sh
[ -f peers/build.sh ] && bash peers/build.sh > $OUT/peers-build.log 2>&1; echo "peers rc $?"
cuobjdump -sass peers/marlin_cuda*.so 2>/dev/null | grep -o 'LDGSTS[^;]*' | grep -c 'desc\[' > $OUT/marlin-hinted-copies.txt; echo "hinted copies left: $(cat $OUT/marlin-hinted-copies.txt)"
OUT=$OUT/g128 timeout 400 bash bench/run.sh --cases w4a16-int4-g128,w4a16-int4-channel --ms 1,4,8,16,32,64 --reps 20 --no-graph > $OUT/g128.log 2>&1
echo "g128 rc $?"; grep -E "^\| (humming-mlir|marlin|speedup vs best)|^## |probe" $OUT/g128.log | head -60
bash scripts/bundle-out.sh
