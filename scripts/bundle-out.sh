#!/usr/bin/env bash
# The device tool returns at most 8 files from $OUT: end a device command
# with `bash scripts/bundle-out.sh` to pack everything under $OUT into
# $OUT/results.tar.xz (the loose files are removed; the archive keeps them).
set -uo pipefail
out="${OUT:?OUT is not set}"
tmp="$(mktemp /tmp/results.XXXXXX.tar.xz)"
tar -C "$out" -cJf "$tmp" --exclude=results.tar.xz . && rm -rf "${out:?}"/* && mv "$tmp" "$out/results.tar.xz"
ls -la "$out"
