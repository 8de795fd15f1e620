#!/bin/bash
# Session v, call 6 (23a31b7's runtime, carry ["dist"]; about 3 min). Call
# 5: the probe's loop with the planner's memory pipeline ("rs-pipe") runs
# 420 / 447 cycles per k-block hot / cold (14.4 us of loop cold at 1.98
# GHz), but its event times include the launch and are no match for the
# profiler's kernel time of our kernel (22.4 us). Both under ncu now, same
# conditions (--clock-control none, ncu's cache flush before each
# profiled launch): the probe's three rs-pipe kernels and the planner's
# M = 64 kernel of W4A16 channel 8192^2 (bench/profile.sh, with per-SASS
# samples), durations and the SM's active cycles and instructions.
# Prediction: rs-pipe 16-17 us under ncu; our kernel 23-24 (section 33:
# 24.3), so 6-7 us of our kernel lie outside what the probe has (the
# split-K end, the prologue, the unit loop, predicated copies).
set -u
source scripts/runtime-env.sh
nvcc -O3 -gencode arch=compute_90a,code=sm_90a -lineinfo -o /tmp/wgmma_probe bench/wgmma_probe.cu > $OUT/build.log 2>&1 || { cat $OUT/build.log; exit 1; }
ncu="$(command -v ncu || ls /usr/local/cuda/nsight-compute*/ncu /opt/nvidia/nsight-compute/*/ncu 2>/dev/null | head -1)"
timeout 200 "$ncu" --clock-control none -k regex:rsPipe -c 9 \
  --metrics gpu__time_duration.sum,sm__cycles_active.avg,sm__cycles_elapsed.avg,smsp__inst_executed.sum,dram__bytes_read.sum,lts__t_sectors_srcunit_tex_op_read.sum,smsp__cycles_active.avg \
  /tmp/wgmma_probe > $OUT/probe-ncu.txt 2>&1; echo "probe ncu rc $?"
grep -E "rsPipe|gpu__time_duration|sm__cycles_active|inst_executed|dram__bytes|lts__t_sectors" $OUT/probe-ncu.txt | head -60
export HUMMING_PROFILE_SOURCE=1
OUT=$OUT/real timeout 150 bash bench/profile.sh "n=8192 k=8192 weight=int4 scale=channel target=h200" 64; echo "real rc $?"
grep -E "Duration|SM Active Cycles|Elapsed Cycles|smsp__inst_executed.sum|dram__bytes_read.sum" $OUT/real/profile/*.txt | head
rm -f $OUT/real/profile/*.log
bash scripts/bundle-out.sh
