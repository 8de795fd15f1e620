#!/usr/bin/env bash
# The main job: compile the example W4A16 GEMM of test/Examples/w4a16-gemm.mlir
# from IR to a cubin with humming-opt (--humming-to-cubin, ptxas from the CUDA
# toolkit), then compile it through the runtime with humming-run, which on a
# machine with a GPU also runs it at several M and checks every output
# against the reference GEMM (on a machine without one it says so and stops
# after compiling). Finally shows a malformed variant refused by the verifier.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${HUMMING_BUILD_DIR:-$root/build}"
example="${1:-$root/test/Examples/w4a16-gemm.mlir}"
bash "$root/scripts/setup.sh"
bash "$root/scripts/build.sh" humming-opt humming-run
export PATH="$PATH:${CUDA_HOME:-/usr/local/cuda}/bin"

echo "== humming-opt --humming-to-cubin: $(basename "$example") -> cubin"
if command -v ptxas >/dev/null; then
  "$build/bin/humming-opt" "$example" --humming-to-cubin \
    | grep -o 'gpu.binary @[a-z0-9_]* *\[#gpu.object<#nvvm.target<[^>]*>' \
    || { echo "error: no cubin produced" >&2; exit 1; }
  echo "(one cubin: a kernel per dispatch entry plus the repack kernels, assembled by ptxas; -o FILE keeps it)"
else
  echo "note: ptxas not found (set CUDA_HOME); showing the PTX instead of a cubin"
  "$build/bin/humming-opt" "$example" '--humming-to-cubin=format=isa entry=0' \
    | grep -o '\.target sm_[0-9a-z]*' | head -1
fi

echo "== humming-run: compile through the runtime, run and check on the GPU"
"$build/bin/humming-run" "$example" -m 1,7,16,33,128,1000 -q

echo "== the same GEMM with the weight words of 8-bit codes declared is refused:"
if diag=$(sed 's/tensor<4096x512xi32>/tensor<4096x1024xi32>/g' "$example" \
            | "$build/bin/humming-opt" 2>&1 >/dev/null); then
  echo "error: humming-opt accepted a malformed GEMM" >&2
  exit 1
fi
printf '%s\n' "$diag" | head -n 3
