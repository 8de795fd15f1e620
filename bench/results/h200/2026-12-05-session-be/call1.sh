#!/bin/bash
# For the next device session (carry ["dist"]; dist/ = e697bbb, main's
# planner since session bd; dist/prev/ = 0a0a54c, before it; both built by
# scripts/build-static.sh, git-ignored; if gone: `git checkout 0a0a54c --
# lib/Kernel/ include/humming/Kernel/`, build-static, move the tarball to
# dist/prev/ with COMMIT 0a0a54c, `git checkout HEAD -- lib/Kernel/
# include/humming/Kernel/`, build-static again). Results go under the
# card that comes (h100 or h200).
# A / B of section 119's rules against 0a0a54c, one round, M = 1 / 16 / 32
# / 48 / 64: g64, W8A16 g128 and g128 at 37888 x 3584, 40960 x 4096 and
# 37900 x 4096 (an odd multiple of 64). Prediction (session bd's H100
# hand entries and A / B): g64 1.3-1.45x at every M; W8A16 g128 1.13-1.28x
# at 1..32 and 1.15-1.25x at 33..64; g128 1.25-1.3x at 17..32 and
# 1.13-1.15x at 33..64, 1..16 unchanged; 37900 g128 1.05-1.09x at 17..64.
# On an H200 the second waves cost a larger share (faster HBM, the same
# SM count): the same or larger gains.
# Then, with the time left, the suite's new models tier (the planner's own
# tables at seven model widths, six layers each, M at both ends of every
# range up to 65; scripts/gpu-validate.py). Prediction: passes.
set -u
LIMIT=${LIMIT:-575}
source bench/variants.sh
source scripts/runtime-env.sh
gpu_clocks
OUT=$OUT/ab timeout $((LIMIT - SECONDS - 200)) bash bench/ab.sh \
  dist/prev/humming-runtime.tar.xz 1 \
  --cases w4a16-int4-g64,w8a16-int8-g128,w4a16-int4-g128 \
  --shapes 37888x3584,40960x4096,37900x4096 --ms 1,16,32,48,64 \
  --reps 15 --sweeps 1 --no-graph --peers /nonexistent
echo "ab rc $? $(date +%T)"
left=$((LIMIT - SECONDS - 10))
[ $left -gt 60 ] && OUT=$OUT/val HUMMING_VALIDATE_BUDGET=$((left - 30)) HUMMING_VALIDATE_ONLY=1 \
  timeout $left bash scripts/device-validate.sh models > $OUT/val.log 2>&1
echo "validate rc $?"; tail -4 $OUT/val.log 2>/dev/null
gpu_clocks
bash scripts/bundle-out.sh
