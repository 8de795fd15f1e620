#!/bin/bash
# NOT RUN: session ad had too little device time left to start a machine.
# Ready for the next session (c8e416b's runtime or later; carry ["dist"]):
# a measurement only, section 71's next step at 65..96
# rows, where wA computes 128 rows: one 96-row tile (wgmma n96) per weight
# tile, 8 stages, the planner's 97..128 kernel after it; W4A16 channel.
# Prediction: as the 192-row tile against two 128-row ones at 129..192,
# 5-10 % faster at M = 65..96 where the loop binds (8192^2 wA pair 32.7 at
# M = 65); less at 4096^2 (4 workspace splits' end ~5 us of ~15).
set -u
source scripts/runtime-env.sh
source bench/variants.sh
for x in 8192x8192:kc2 4096x4096:k4 11008x4096:k1; do
  shape=${x%:*} split=${x#*:}
  t=$(bash bench/plan-table.sh "n=${shape%x*} k=${shape#*x} weight=int4 scale=channel target=h200")
  old=$(tr ',' '\n' <<< "$t" | grep '^65-')
  VARIANT_MS=65,80,96 VARIANT_REPS=10 VARIANT_TIMEOUT=40 variants n96-$shape w4a16-int4-channel $shape \
    "n96=dispatch=${t/$old/65-96:96x128x64:1x2x1:s8:$split:wg,${old/65-/97-}}"
done
# And a 224-row tile at 193..224 (8192^2: wC's pair computes 256 rows
# there; 4-bit codes only: with 8-bit ones ptxas spills 16 bytes), the
# planner's 193..256 kernel after it. Prediction: 3-5 % faster at M = 200 /
# 224 (call 4's 208-row tile: 5 % at M = 200).
t=$(bash bench/plan-table.sh "n=8192 k=8192 weight=int4 scale=channel target=h200")
old=$(tr ',' '\n' <<< "$t" | grep '^193-')
VARIANT_MS=200,224,256 VARIANT_REPS=10 VARIANT_TIMEOUT=40 variants n224-8192x8192 w4a16-int4-channel 8192x8192 \
  "n224=dispatch=${t/$old/193-224:224x128x64:1x2x1:s5:kc2:wg,${old/193-/225-}}"
bash scripts/bundle-out.sh
