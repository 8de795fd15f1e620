#!/bin/bash
# Session f, call 3: the end-to-end JIT correctness suite (README example,
# every tier, sanitizer, Python tests) on a0e077d (two k-blocks per
# iteration), the runtime of scripts/build-static.sh.
HUMMING_VALIDATE_BUDGET=260 OUT=$OUT/val timeout 560 bash scripts/device-validate.sh smoke tiles partitions shapes formats wgmma > $OUT/val.log 2>&1
echo "rc $?"; tail -45 $OUT/val.log
bash scripts/bundle-out.sh
