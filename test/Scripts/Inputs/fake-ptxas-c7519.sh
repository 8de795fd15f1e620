#!/usr/bin/env bash
# Stand-in for ptxas (tests of scripts/sass.sh): runs the real one
# ($REAL_PTXAS) and adds two of the info lines ptxas prints where it injects
# warpgroup arrives around a wgmma (C7519), and one of those it prints where
# it serializes a kernel's wgmmas for want of registers (C7511).
"$REAL_PTXAS" "$@"
rc=$?
for line in 12 20; do
  echo "ptxas info    : (C7519) warpgroup.arrive is injected in around line $line by compiler to allow use of registers in GMMA in function 'k'"
done
echo "ptxas info    : (C7511) Potential Performance Loss: wgmma.mma_async instructions are serialized due to insufficient register resources for the wgmma pipeline in the function 'k'"
exit $rc
