#!/bin/bash
# For the next device session that gets an H200 (carry
# ["dist/humming-runtime.tar.xz", "dist/COMMIT", "dist/base", "peers"]:
# dist/ from scripts/build-static.sh at main; dist/base/ the same at
# 3d4136f; peers/ = Marlin built as bench/README.md says, git-ignored).
# Sessions bj and bk got H100s only; main's 65+ row kernels since 515af44
# have no H200 run of the harness.
# 1. The benchmark at main with Marlin in the same run, M = 1..128.
#    Prediction: every M <= 64 cell within bench-2026-12-05-515af44's
#    spread (those kernels are unchanged since).
# 2. 19a7078's 8-bit four-warpgroup rule on the H200, both builds in one
#    process (build_variants, section 128): 8192^2 and 4096 x 11008 at the
#    changed M. Prediction 0.98-1.02 (session bi's H200 0.99-1.02).
# 3. 57344 x 8192 on the H200, four against two warpgroups in one process:
#    8-bit (where section 128 took four away on H100 evidence: 3-5 %
#    slower there) and 4-bit channel and g128 (1-2 % faster as four on the
#    H100). Rule: where the H200 disagrees with the H100 by more than 3 %,
#    the rule takes the card's arch into account or is left as the two
#    measured safer (two warpgroups).
set -u
LIMIT=${LIMIT:-560}
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
final_run
export VARIANT_REPS=10 VARIANT_SWEEPS=2 VARIANT_TIMEOUT=150
VARIANT_MS=300,1024,4096 build_variants ab-8192 w8a16-int8-channel 8192x8192 base=dist/base/humming-runtime.tar.xz
VARIANT_MS=600,1024,4096 build_variants ab-4096 w8a16-int8-channel 4096x11008 base=dist/base/humming-runtime.tar.xz
export VARIANT_MS=128,300,1024
two="two=97-128:128x256x64:1x2x1:s6:k1:wg 193-:128x256x64:1x2x1:s6:k1:wg"
four8="four=97-128:128x256x64:1x4x1:s4:k1:wg:i2 193-:128x256x64:1x4x1:s4:k1:wg:i2"
entry_variants w8-57344 w8a16-int8-channel 57344x8192 "$four8"
[ $((LIMIT - SECONDS)) -gt 90 ] && entry_variants c4-57344 w4a16-int4-channel 57344x8192 "$two"
[ $((LIMIT - SECONDS)) -gt 90 ] && entry_variants g4-57344 w4a16-int4-g128 57344x8192 "$two"
gpu_clocks
bash scripts/bundle-out.sh
