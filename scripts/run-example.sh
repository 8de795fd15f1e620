#!/usr/bin/env bash
# The main job: build humming-opt and run an example quantized GEMM through it.
# Today that means parse, verify and print the W4A16 humming.gemm of
# test/Examples/w4a16-gemm.mlir (and show that a malformed variant is refused
# with a diagnostic). Lowering it to a cubin and running it on a GPU come with
# the kernel-lowering passes (see the status table in README.md).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${HUMMING_BUILD_DIR:-$root/build}"
example="${1:-$root/test/Examples/w4a16-gemm.mlir}"
bash "$root/scripts/setup.sh"
bash "$root/scripts/build.sh" humming-opt

echo "== humming-opt $(basename "$example"): parse, verify, print"
"$build/bin/humming-opt" "$example"

echo "== the same GEMM with the weight words of 8-bit codes declared is refused:"
if diag=$(sed 's/tensor<4096x512xi32>/tensor<4096x1024xi32>/g' "$example" \
            | "$build/bin/humming-opt" 2>&1 >/dev/null); then
  echo "error: humming-opt accepted a malformed GEMM" >&2
  exit 1
fi
printf '%s\n' "$diag" | head -n 3
