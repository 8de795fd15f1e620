#!/usr/bin/env bash
# Runs on the GPU machine (no LLVM there): unpacks the self-contained runtime
# built by scripts/build-static.sh (carry `dist`), then the README example
# through humming-run, the GPU correctness suite (scripts/gpu-validate.py,
# tiers given as arguments), compute-sanitizer memcheck on a representative
# subset, and the Python tests. Logs and JSON go to $OUT (or ./out).
set -uo pipefail
out="${OUT:-$PWD/out}"
mkdir -p "$out"
budget="${HUMMING_VALIDATE_BUDGET:-300}"
tiers=("$@")
[ ${#tiers[@]} -eq 0 ] && tiers=(smoke)
source scripts/runtime-env.sh || exit 1
{
  nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv
  python3 -c 'import torch; print("torch", torch.__version__, torch.cuda.get_device_name())'
  echo "commit $HUMMING_COMMIT"
} 2>&1 | tee "$out/env.txt"

run="$HUMMING_RUN"
{
  echo "== README example (test/Examples/w4a16-gemm.mlir), cold cache"
  time "$run" test/Examples/w4a16-gemm.mlir -m 1,7,16,33,128,1000,4096 -q --json "$out/example.json"
  echo "== the same, warm cache"
  time "$run" test/Examples/w4a16-gemm.mlir -m 1 -q
  echo "== sm_75 / sm_80 / sm_86 / sm_89 PTX run on this GPU through the driver's JIT"
  for t in sm_75 sm_80 sm_86 sm_89; do
    "$run" --spec "n=1000 k=1024 weight=uint4 scale=group group_size=64 zero_point=integer bias=1 target=$t" -m 1,33,1000 -q
  done
} > "$out/humming-run.txt" 2>&1
grep -E "^M=|compiled in|error|note" "$out/humming-run.txt"

# HUMMING_VALIDATE_SKIP=FILE: the results of an earlier run; layers that
# passed there are not run again.
# The suite runs as HUMMING_VALIDATE_PROCS processes (default: one per 4
# cores), each taking every n-th layer and using GPU (i mod #GPUs): layer
# compilation and the CPU reference quantization are the costly parts.
# HUMMING_VALIDATE_GPUS="1 2": the GPUs (physical indices) the shards use,
# default all (export CUDA_VISIBLE_DEVICES to match for the other steps,
# e.g. to leave GPU 0 to a benchmark running beside).
ngpu="$(nvidia-smi -L 2>/dev/null | grep -c '^GPU')"
[ "$ngpu" -gt 0 ] || ngpu=1
read -r -a gpus <<< "${HUMMING_VALIDATE_GPUS:-$(seq -s ' ' 0 $((ngpu - 1)))}"
procs="${HUMMING_VALIDATE_PROCS:-$(( $(nproc) / 4 ))}"
[ "$procs" -gt 0 ] || procs=1
mkdir -p "$out/shards"
for i in $(seq 1 "$procs"); do
  CUDA_VISIBLE_DEVICES=${gpus[$(( (i - 1) % ${#gpus[@]} ))]} python3 scripts/gpu-validate.py \
    "${tiers[@]/#/--tier=}" --shard "$i/$procs" --out "$out/shards" --budget "$budget" \
    --workers "${HUMMING_VALIDATE_WORKERS:-2}" ${HUMMING_VALIDATE_SKIP:+--skip-passed "$HUMMING_VALIDATE_SKIP"} \
    > "$out/shards/validate-$i.txt" 2>&1 &
done
wait
cat "$out"/shards/validate-*.txt | grep -E "^(PASS|FAIL|COMPILE-ERROR|RUN-ERROR|REPACK)" > "$out/validate.txt"
python3 scripts/gpu-validate.py --merge "$out"/shards/validation-*.json --out "$out" \
  > "$out/validate-summary.txt" 2>&1
grep -v "^PASS" "$out/validate.txt" | tail -40
tail -40 "$out/validate-summary.txt"

# HUMMING_VALIDATE_ONLY=1: the suite alone (a long run of the big tiers).
[ -n "${HUMMING_VALIDATE_ONLY:-}" ] && exit 0

{
  echo "== compute-sanitizer memcheck"
  # Then: wgmma with two sets of group-scale sums per iteration, 3 K
  # splits (units whose last iteration lacks the second run); one warpgroup
  # at 3 CTAs per SM (g128 sums, and int8) beside 24-stage 16 x 64 tiles;
  # K splits as one cluster (partials through distributed shared memory).
  { for spec in "n=1000 k=1024 weight=uint4 scale=group group_size=128 bias=1" \
              "n=1000 k=1024 weight=int8 activation=bfloat16 scale=channel zero_point=none" \
              "n=1000 k=1024 weight=uint4 scale=group group_size=32 zero_point=float" \
              "n=1000 k=1024 weight=float4e2m1 scale=group group_size=32" \
              "n=1000 k=1024 weight=uint4 scale=group group_size=128 dispatch=1-64:64x128x64:1x2x1:s16:k3:wg,65-:128x128x64:2x2x1:s4:k1" \
              "n=1000 k=1024 weight=uint4 scale=group group_size=128 dispatch=1-16:16x64x64:1x2x4:s24:k1,17-32:32x64x64:1x1x1:s6:k2:c3:wg,33-64:64x64x64:1x1x1:s6:k3:c3:wg,65-:128x128x64:2x2x1:s4:k1" \
              "n=1000 k=1024 weight=int8 scale=channel bias=1 dispatch=1-16:16x64x64:1x2x4:s16:k1:c2,17-32:32x64x64:1x1x1:s6:k3:c3:wg,33-64:64x64x64:1x1x1:s6:k2:c3:wg,65-:128x128x64:2x2x1:s4:k1" \
              "n=1000 k=1024 weight=uint4 scale=group group_size=128 bias=1 dispatch=1-16:16x64x64:1x2x4:s16:kc4,17-32:32x64x64:1x1x1:s6:kc3:c3:wg,33-64:64x128x64:1x2x1:s12:kc2:wg,65-:128x128x64:2x2x1:s4:k1"; do
    echo "1,7,33,130 $spec target=sm_90a"
  done
  # Turing's kernels (copies through registers, m16n8k8), through the JIT.
  echo "1,7,33,130 n=1000 k=1000 weight=uint4 scale=channel bias=1 target=sm_75"
  echo "1,7,33,130 n=1000 k=1024 weight=int8 scale=group group_size=128 target=sm_75"
  } | bash scripts/memcheck-layers.sh
} 2>&1 | tee "$out/sanitizer.txt"

python3 -m pytest -q python/tests 2>&1 | tail -30 | tee "$out/pytest.txt"
