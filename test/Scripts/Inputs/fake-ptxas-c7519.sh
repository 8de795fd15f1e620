#!/usr/bin/env bash
# Stand-in for ptxas (tests of scripts/sass.sh): runs the real one
# ($REAL_PTXAS) and adds two of the info lines ptxas prints where it injects
# warpgroup arrives around a wgmma (C7519).
"$REAL_PTXAS" "$@"
rc=$?
for line in 12 20; do
  echo "ptxas info    : (C7519) warpgroup.arrive is injected in around line $line by compiler to allow use of registers in GMMA in function 'k'"
done
exit $rc
