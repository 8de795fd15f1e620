#!/bin/bash
# Session bp, call 1 cut for the device time left after failed starts:
# on an H200 the benchmark with Marlin and Humming only (next-call1.sh's
# second half; its prediction), on an H100 call2.sh (which ends with
# profile.sh where time is left). Carry as call1.sh.
set -u
name=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
echo "GPU: $name"
case "$name" in
  *H200*)
    source scripts/runtime-env.sh; source bench/variants.sh
    gpu_clocks
    FINAL_TIMEOUT=330 final_run
    grep -E "excluded|gate" "$OUT/full.log" | head
    gpu_clocks ;;
  *) exec bash "$(dirname "$0")/call2.sh" ;;
esac
bash scripts/bundle-out.sh
