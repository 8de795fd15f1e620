#!/bin/bash
# Prints the planner's table for CASE at NxK with every 128 x 256 wgmma
# entry as four warpgroups of one weight tile at a loop depth by code
# width: 4-bit 8 stages, 4 k-blocks an iteration; 8-bit 4 stages, 2 an
# iteration (call 3); group scales in the B fragment (:bf).
#   bash wide4-table.sh w8a16-int8-channel 8192x8192
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/../../../variants.sh"
c=$1 shape=$2
spec="n=${shape%x*} k=${shape#*x} $(case_spec "$c") target=h200"
case "$c" in
  *int4*) depth=s8 it=i4 ;;
  *) depth=s4 it=i2 ;;
esac
bf=; case "$c" in *-g*) bf=:bf ;; esac
plan_table "$spec" | tr ',' '\n' | python3 -c '
import re, sys
depth, it, bf = sys.argv[1:4]
out = []
for e in sys.stdin.read().split():
    f = e.split(":")
    if f[1] == "128x256x64" and "wg" in f:
        f[2] = "1x4x1"
        f[3] = depth
        f = [x for x in f if not re.fullmatch(r"i\d+|bf", x)]
        e = ":".join(f) + bf + ":" + it
    out.append(e)
print(",".join(out))' "$depth" "$it" "$bf"
