#!/bin/sh
# Stands in for compute-sanitizer in memcheck-layers.test: called as
# `--tool memcheck --error-exitcode 9 RUN --spec SPEC -m MS --iters 1 -q`;
# prints its arguments after the tool's, then an error summary: a spec
# naming "leak" reports one error and exits 9.
shift 4
echo "args: $*"
case "$3" in
  *leak*) echo "========= ERROR SUMMARY: 1 error"; exit 9 ;;
esac
echo "========= ERROR SUMMARY: 0 errors"
