#!/bin/bash
# Session bk, call 6: Nsight Compute of the 8-bit 128 x 256 tile as four
# warpgroups against two where four lost (57344 x 8192 M = 128: one M tile,
# 224 column tiles, every CTA streaming weights of its own) and where they
# tied (8192^2 M = 1024: 8 M tiles over 32 column tiles). Prediction, if
# section 128's guess holds: at 57344 x 8192 four show lower DRAM throughput
# and more long-scoreboard / barrier stalls per issue than two; at 8192^2
# both similar DRAM throughput.
set -u
source bench/variants.sh
source scripts/runtime-env.sh
S57="n=57344 k=8192 $(case_spec w8a16-int8-channel) target=h200"
S81="n=8192 k=8192 $(case_spec w8a16-int8-channel) target=h200"
four57=$(plan_table "$S57" "97-128:128x256x64:1x4x1:s4:k1:wg:i2")
two81=$(plan_table "$S81" "257-:128x256x64:1x2x1:s6:k1:wg")
OUT=$OUT/two-57344 timeout 120 bash bench/profile.sh "$S57" 128
OUT=$OUT/four-57344 timeout 120 bash bench/profile.sh "$S57 dispatch=$four57" 128
OUT=$OUT/four-8192 timeout 120 bash bench/profile.sh "$S81" 1024
OUT=$OUT/two-8192 timeout 120 bash bench/profile.sh "$S81 dispatch=$two81" 1024
bash scripts/bundle-out.sh
