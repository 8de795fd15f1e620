#!/usr/bin/env bash
# Installs what Humming-MLIR needs to build and test on Debian 12 (root or sudo):
# LLVM/MLIR 22 (libraries, mlir-tblgen, lit, FileCheck), CMake, Ninja, a C++17
# compiler, GoogleTest, and numpy + pytest for the Python package tests. Packages already present are not reinstalled, and
# apt is not touched at all when everything is there.
set -euo pipefail

packages=(cmake ninja-build g++ python3 python3-numpy python3-pytest libgtest-dev
          llvm-22-dev libmlir-22-dev mlir-22-tools llvm-22-tools)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" \
    || missing+=("$p")
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  SUDO=""
  if [ "$(id -u)" != 0 ]; then SUDO=sudo; fi
  export DEBIAN_FRONTEND=noninteractive
  $SUDO apt-get update -qq
  $SUDO apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

# The Python tests run under the first python3 on PATH (CMake's
# find_package(Python3)), which need not be Debian's (pyenv, a venv): give
# that interpreter numpy and pytest too.
if ! python3 -c "import numpy, pytest" 2>/dev/null; then
  echo "setup: installing numpy and pytest for $(command -v python3)"
  python3 -m pip install -q numpy pytest \
    || python3 -m pip install -q --break-system-packages numpy pytest
fi

# The CUDA toolkit is optional here: without it everything builds and the
# tests that need ptxas are reported as unsupported.
cuda="${CUDA_HOME:-/usr/local/cuda}"
if [ -x "$cuda/bin/ptxas" ]; then
  echo "setup: CUDA toolkit at $cuda"
else
  echo "setup: no CUDA toolkit at $cuda (set CUDA_HOME); ptxas tests will be skipped"
fi
