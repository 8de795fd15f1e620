#!/bin/bash
# Session s, call 7 (d7dde67's runtime, carry ["dist"], about 2 min): W4A16
# at 4096^2, 1..8 rows. In every final run since 0da371f torch's int4 kernel
# (bf16, g128) is 0.1-0.2 us faster than ours at M = 1 at 4096^2 (call 6:
# 7.0 against 7.2); slower from M = 4. Ours is the narrow 2-CTA tile, 4
# splits of 16 k-blocks, so the 16 stages are the whole unit. Variants of
# the 1..8 entry: s8 (half the stages: the prologue is half the unit);
# k4w (4 warps along K over whole 64-column tiles); c3 (3 CTAs per SM, 6
# splits: 384 CTAs on 396 slots, 10-11 k-blocks a split), with 16 and 12
# stages. Channel codes beside g128.
# Prediction: c3 0.1-0.3 faster at M = 1 (more CTAs in flight while the
# others end), s8 and k4w within 0.1.
source scripts/runtime-env.sh
for c in g128 channel; do
  if [ $c = channel ]; then spec="n=4096 k=4096 weight=int4 scale=channel target=h200"; case=w4a16-int4-channel
  else spec="n=4096 k=4096 weight=int4 scale=group group_size=128 target=h200"; case=w4a16-int4-g128; fi
  OUT=$OUT/$c timeout 150 bash bench/run.sh --cases $case --shapes 4096x4096 --ms 1,4,8 --reps 16 --sweeps 2 --no-graph \
    --variant "s8=dispatch=$(bench/plan-table.sh "$spec" 1-8:8x64x64:1x2x2:s8:k4:c2:sw)" \
    --variant "k4w=dispatch=$(bench/plan-table.sh "$spec" 1-8:8x64x64:1x1x4:s16:k4:c2:sw)" \
    --variant "c3=dispatch=$(bench/plan-table.sh "$spec" 1-8:8x64x64:1x2x2:s16:k6:c3:sw)" \
    --variant "c3s12=dispatch=$(bench/plan-table.sh "$spec" 1-8:8x64x64:1x2x2:s12:k6:c3:sw)" > $OUT/$c.log 2>&1
  echo "$c rc $?"; grep -E "^\| (humming-mlir|impl|torch-int4)" $OUT/$c.log; grep -iE "gate|error" $OUT/$c.log | head -3
done
bash scripts/bundle-out.sh
