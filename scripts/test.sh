#!/usr/bin/env bash
# The test command: installs what is missing, builds, and runs every test
# (GoogleTest unit tests and the lit suite) through ctest.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
bash "$root/scripts/setup.sh"
bash "$root/scripts/build.sh"
ctest --test-dir "${HUMMING_BUILD_DIR:-$root/build}" --output-on-failure
