#!/usr/bin/env bash
# Builds the self-contained runtime for GPU machines without LLVM/MLIR:
# libHummingRuntime.so (MLIR and LLVM linked in statically; exports only the
# C API) and humming-run, into ./build-static (or $HUMMING_STATIC_BUILD_DIR),
# then packs them with the Python package into dist/humming-runtime.tar.xz.
# Needs only glibc, libstdc++ and (at run time) the CUDA driver; nvJitLink
# or ptxas from the CUDA toolkit are found at run time.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
build="${HUMMING_STATIC_BUILD_DIR:-$root/build-static}"
jobs="${HUMMING_JOBS:-$(nproc)}"
bash "$root/scripts/setup.sh"
if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DMLIR_DIR=/usr/lib/llvm-22/lib/cmake/mlir \
    -DLLVM_EXTERNAL_LIT=/usr/lib/llvm-22/bin/lit \
    -DHUMMING_LINK_MLIR_DYLIB=OFF -DHUMMING_ENABLE_TESTS=OFF \
    -DCMAKE_SHARED_LINKER_FLAGS="-static-libstdc++ -static-libgcc -Wl,--gc-sections -Wl,--as-needed -s" \
    -DCMAKE_EXE_LINKER_FLAGS="-static-libstdc++ -static-libgcc -Wl,--gc-sections -Wl,--as-needed -s"
fi
cmake --build "$build" -j "$jobs" --target HummingRuntime humming-run
mkdir -p "$root/dist"
( cd "$root" && git rev-parse --short HEAD 2>/dev/null && git diff --quiet 2>/dev/null || echo dirty ) | paste -sd- > "$root/dist/COMMIT"
stage="$(mktemp -d)"
mkdir -p "$stage/humming-runtime/lib" "$stage/humming-runtime/bin"
cp "$build/lib/libHummingRuntime.so" "$stage/humming-runtime/lib/"
cp "$build/bin/humming-run" "$stage/humming-runtime/bin/"
cp -r "$root/python" "$stage/humming-runtime/python"
find "$stage" -name __pycache__ -prune -exec rm -rf {} +
tar -C "$stage" -cJf "$root/dist/humming-runtime.tar.xz" humming-runtime
rm -rf "$stage"
ls -la "$root/dist/humming-runtime.tar.xz"
