#!/bin/sh
# Stands in for humming-run in check-layers.test: called as
# `--spec SPEC -m MS --iters 2 -q`; a spec naming "fail" fails its first M,
# "crash" exits 134 with nothing printed, "nogpu" prints no checks.
spec="$2" ms="$4"
case "$spec" in
  *crash*) exit 134 ;;
  *nogpu*) echo "note: no GPU here; compiled only"; exit 0 ;;
esac
rc=0 first=1
for m in $(echo "$ms" | tr , ' '); do
  case "$spec" in
    *fail*) if [ $first = 1 ]; then
              echo "M=$m  FAIL  unwritten=0  mismatches=3/64"; rc=1; first=0; continue
            fi ;;
  esac
  echo "M=$m  PASS  unwritten=0  mismatches=0/64"
  first=0
done
exit $rc
