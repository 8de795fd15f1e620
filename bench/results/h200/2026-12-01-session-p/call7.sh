#!/bin/bash
# Session p, call 7 (0da371f's runtime): every legal 4-bit channel-scale
# layer (uint4 with no / integer / float zero points, int4, float4e2m1; f16
# and bf16 activations; bias) at the shapes where the planner now gives
# 1..8 rows the 2-CTA 64-column tile (section 41): 4096 x 4096, 4096 x
# 11008, and the odd 4000 x 4104 (63 padded tiles x 4 splits; N and K
# tails), M = 1 / 3 / 8 through humming-run's reference check.
source scripts/runtime-env.sh
for shape in "n=4096 k=4096" "n=4096 k=11008" "n=4000 k=4104"; do
  for f in "uint4 zero_point=none" "uint4 zero_point=integer" "uint4 zero_point=float" "int4 zero_point=none" "float4e2m1 zero_point=none"; do
    for a in float16 bfloat16; do
      spec="$shape weight=${f%% *} activation=$a scale=channel ${f#* } bias=1 target=h200"
      out=$(timeout 60 "$HUMMING_RUN" --spec "$spec" -m 1,3,8 --iters 2 -q 2>&1); rc=$?
      echo "== rc $rc $spec $(echo "$out" | grep -o '1-8:[^,]*' | head -1)"
      echo "$out" | grep -E "^M=|error"
    done
  done
done 2>&1 | tee $OUT/fourbit-channel.txt | grep -cE "^M=.*PASS" | sed 's/^/PASS lines: /'
grep -E "rc [^0]|FAIL|error" $OUT/fourbit-channel.txt | head -20
grep -c "^== " $OUT/fourbit-channel.txt
bash scripts/bundle-out.sh
