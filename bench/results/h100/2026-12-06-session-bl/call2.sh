#!/bin/bash
# Session bl, call 2: Humming in the same run, for the first time.
# peers/humming-src = mgoin/humming a6455de (2026-05-01; the vLLM fork with
# Humming's April refactor, its sm90 fixes and the CUDA 13 include path),
# peers/wheels = pyelftools, peers/marlin-src = IST-DASLab/marlin; carry
# ["dist/humming-runtime.tar.xz", "dist/COMMIT", "peers"].
# 1. humming_selfcheck.py: Humming on its own (its quantizer, its
#    dequantizer as the reference) at 4096^2, M = 1..128: does it run on this
#    image at all? Prediction: it runs, error at fp16 rounding level (the
#    2d9d953 NaNs were fixed upstream: "fix sm90", "fix hopper bug").
# 2. The benchmark at 8192^2 (the targets' shape), three cases, M = 1..128,
#    with Marlin and Humming (its heuristics' kernels) in the same run.
#    Prediction: Humming within 10 % of ANCHORS.md's H200 figures scaled to
#    this card; ours faster at M <= 64.
# 3. Humming's kernels for the other four shapes compiled into its cache
#    (probe children), the cache brought back for the next call.
set -u
LIMIT=${LIMIT:-570}
source scripts/runtime-env.sh
source bench/variants.sh
gpu_clocks
bash peers/build.sh > "$OUT/peers-build.log" 2>&1; echo "marlin rc $? $(date +%T)"
timeout 240 python3 bench/results/h100/2026-12-06-session-bl/humming_selfcheck.py peers \
  > "$OUT/selfcheck.log" 2>&1; echo "selfcheck rc $? $(date +%T)"
grep -v Warning "$OUT/selfcheck.log" | tail -20
OUT=$OUT/s8192 timeout 240 bash bench/run.sh --shapes 8192x8192 --ms 1,4,8,16,32,64,80,128 --reps 20 \
  > "$OUT/s8192.log" 2>&1; echo "bench rc $? $(date +%T)"
grep -E "^\| (impl|humming|marlin|cublas-fp16 )|excluded|gate" "$OUT/s8192.log" | head -60
for s in 4096x4096 11008x4096 4096x11008 28672x4096; do
  [ $((LIMIT - SECONDS)) -gt 100 ] || break
  timeout $((LIMIT - SECONDS - 60)) python3 bench/gemm_bench.py --probe humming --peers peers \
    --cases w4a16-int4-channel,w4a16-int4-g128,w8a16-int8-channel --shapes $s \
    --ms 1,4,8,16,32,64,80,128 > "$OUT/probe-$s.log" 2>&1
  echo "probe $s rc $? $(date +%T): $(grep -c 'PROBE .* OK' "$OUT/probe-$s.log") ok"
done
gpu_clocks
tar -C peers -cJf "$OUT/humming-cache.tar.xz" humming-cache; ls -la "$OUT/humming-cache.tar.xz"
bash scripts/bundle-out.sh
