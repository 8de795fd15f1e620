# Sourced by the scripts that run on the GPU machine (no LLVM there): unpacks
# the self-contained runtime of scripts/build-static.sh (carry `dist`) into
# /tmp/humming-runtime, unless HUMMING_LIBRARY already names a library, and
# exports what the runtime, humming-run and the Python package need.
if [ -z "${HUMMING_LIBRARY:-}" ]; then
  HUMMING_RUNTIME_DIR=/tmp/humming-runtime
  rm -rf "$HUMMING_RUNTIME_DIR" && tar -C /tmp -xJf dist/humming-runtime.tar.xz || return 1
  export HUMMING_LIBRARY="$HUMMING_RUNTIME_DIR/lib/libHummingRuntime.so"
else
  HUMMING_RUNTIME_DIR="$(dirname "$(dirname "$HUMMING_LIBRARY")")"
fi
export HUMMING_RUN="$HUMMING_RUNTIME_DIR/bin/humming-run"
export PATH="/usr/local/cuda/bin:$PATH"
export HUMMING_CACHE_DIR="${HUMMING_CACHE_DIR:-/tmp/humming-cache}"
export HUMMING_COMMIT="${HUMMING_COMMIT:-$(cat dist/COMMIT 2>/dev/null || git rev-parse --short HEAD 2>/dev/null || echo unknown)}"
export PYTHONUNBUFFERED=1
