#!/bin/sh
# Stands in for humming-run and humming-opt in fuzz.test, so that the
# fuzzer's verdicts are tested on every kind of end: the spec (humming-run's
# --spec argument) or the module (humming-opt's stdin, humming-run's file)
# names what happens; "runabort" aborts humming-run only; "checkdiff" is
# refused when compiled but passes --check-only, "checkabort" compiles but
# aborts under --check-only.
if [ "$1" = --spec ]; then input="$2"
elif [ -f "$1" ]; then input="$(cat "$1")"   # humming-run FILE
else input="$(cat)"; fi
check=0; case " $* " in *" --check-only "*) check=1 ;; esac
case "$input" in
  *checkdiff*) [ $check = 1 ] && exit 0
               echo "humming-run: compiling the layer: HUMMING_ERROR_INVALID_ARGUMENT: no" >&2; exit 2 ;;
  *checkabort*) [ $check = 1 ] && kill -ABRT $$; exit 0 ;;
  *runabort*) [ -f "$1" ] && kill -ABRT $$ ;;
  *abort*) kill -ABRT $$ ;;
  *llvmerror*) echo "LLVM ERROR: Cannot select: intrinsic %llvm.nvvm.foo" >&2; exit 1 ;;
  *hang*) sleep 30 ;;
  *silent*) exit 2 ;;
  *internal*) echo "humming-run: compiling the layer: HUMMING_ERROR_INTERNAL: oops" >&2; exit 2 ;;
  *ptxas*) echo "humming-run: compiling the layer: HUMMING_ERROR_COMPILE: nvJitLink: NVJITLINK_ERROR_PTX_COMPILE: ptxas error" >&2; exit 2 ;;
  *refuse*) echo "humming-run: compiling the layer: HUMMING_ERROR_UNSUPPORTED: no" >&2
            echo "<stdin>:1:1: error: no" >&2; exit 2 ;;
  *noreparse*) if [ "$1" = - ] && [ $# -eq 1 ]; then
                 case "$input" in *reprinted*) echo "<stdin>:1:1: error: bad" >&2; exit 1 ;; esac
                 echo "reprinted $input"; exit 0
               fi ;;
esac
[ "$1" = - ] && [ $# -eq 1 ] && echo "$input"
exit 0
