#!/bin/bash
# Session ad, call 4 (3523182's runtime; carry ["dist"]): 129..256 rows,
# where 8192^2 is furthest behind cuBLAS fp16 (section 70: wC pair 60.9 us
# at M = 200 against 45.6). Candidate: the tile of 256 activation rows x
# 128 weight columns (two warpgroups of one weight tile, each wgmma
# m64n256k16): the same 128 fp32 sums a thread as wC, half wC's weight
# decode per MMA but twice its activation bytes per MMA, 4-6 stages; and
# a 208-row tile for 129..208 (wgmma n208: M = 200 computes 208 rows, not
# 256). Variants of the planner's table with the 129..256 entry replaced.
# Prediction: section 58 put the 64-row loop's excess on the activations'
# per-thread copies, which this tile doubles per MMA, against a decode
# whose cost section 61 found hidden; so 256 x 128 5-15 % slower than wC
# at 8192^2 M = 256, and the 208-row tile at M = 200 ~(208 / 256) of the
# 256-row tile's time.
set -u
source scripts/runtime-env.sh
source bench/variants.sh
# (case_spec, bench/cases.py: written after the run, which had an inline
# copy of the same case -> spec mapping)
T=256x128x64:1x2x1
v() { # case shape entries...
  local case=$1 shape=$2; shift 2
  local t; t=$(bash bench/plan-table.sh "n=${shape%x*} k=${shape#*x} $(case_spec $case) target=h200")
  local old; old=$(tr ',' '\n' <<< "$t" | grep '^129-256:')
  local args=() e
  for e in "$@"; do
    case $e in
      n208=*) args+=("n208=dispatch=${t/$old/129-208:208x128x64:1x2x1:${e#n208=},${old/129-256/209-256}}") ;;
      *) args+=("${e%%=*}=dispatch=${t/$old/129-256:$T:${e#*=}}") ;;
    esac
  done
  VARIANT_MS=${MS:-129,200,256} VARIANT_REPS=10 VARIANT_TIMEOUT=60 variants t256-$shape-$case $case $shape "${args[@]}"
}
v w4a16-int4-channel 8192x8192 s4=s4:kc2:wg s5=s5:kc2:wg s6=s6:kc2:wg n208=s5:kc2:wg
v w4a16-int4-g128 8192x8192 s5=s5:kc2:wg n208=s5:kc2:wg
v w8a16-int8-channel 8192x8192 s5=s5:kc2:wg n208=s5:kc2:wg
v w4a16-int4-channel 4096x4096 c3=s5:kc3:wg k4=s5:k4:wg
v w4a16-int4-channel 4096x11008 c3=s5:kc3:wg k4=s5:k4:wg
MS=200,256 v w4a16-int4-channel 11008x4096 k1=s5:k1:wg
MS=256 v w4a16-int4-channel 28672x4096 k1=s5:k1:wg
bash scripts/bundle-out.sh
