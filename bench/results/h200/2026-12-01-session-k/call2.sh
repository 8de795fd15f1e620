#!/bin/bash
# Session k, call 2 (the planner of section 29: 9..16-row 16 x 64 tiles,
# one-warpgroup 3-CTA wgmma at 17..64, identical neighbours merged):
# (1) humming-run's check (every row written, rows against the reference)
# of the planner's kernels for layers whose tables changed, at the M values
# of the changed ranges; (2) the tiles and wgmma tiers (with the new hand
# tables), compute-sanitizer (with the new entries) and the Python tests;
# (3) beside them (correctness only, nothing timed): Humming (peers/humming-
# src, inclusionAI/humming 2d9d953, never committed) on its own README
# example, humming/humming_diag.py (humming/FINDINGS.md says what each check
# tells); its kernel cache comes back for the next call.
source scripts/runtime-env.sh
HUMMING_DIAG_DEADLINE_S=420 timeout 480 python3 bench/results/h200/2026-12-01-session-k/humming/humming_diag.py > $OUT/humming-diag.log 2>&1 &
diag=$!
for s in "n=8192 k=8192 weight=int4 scale=channel|8,9,12,16" \
         "n=8192 k=8192 weight=float4e2m1 scale=channel bias=1|9,16" \
         "n=11008 k=4096 weight=int4 scale=channel|9,16,17,24,32,33,48,64" \
         "n=11008 k=4096 weight=int4 scale=group group_size=128|17,32,33,64" \
         "n=11008 k=4096 weight=int8 scale=channel bias=1|17,32,33,64" \
         "n=11008 k=4096 weight=float8e4m3 activation=bfloat16 scale=channel|17,40,64" \
         "n=4096 k=11008 weight=int4 scale=group group_size=128|17,20,32" \
         "n=4096 k=11008 weight=uint4 scale=group group_size=128 zero_point=integer|17,32" \
         "n=8192 k=8192 weight=int8 scale=channel|33,48,64" \
         "n=8192 k=8192 weight=int8 scale=group group_size=128|17,32,33,64" \
         "n=11008 k=4096 weight=float4e2m1 scale=group group_size=128|17,64" \
         "n=28672 k=4096 weight=int4 scale=channel|65,200"; do
  spec=${s%|*}; ms=${s#*|}
  echo "== $spec"; timeout 90 "$HUMMING_RUN" --spec "$spec target=h200" -m $ms --iters 3 -q 2>&1 | tail -9
done > $OUT/check-planner.txt 2>&1
echo "PASS lines: $(grep -c "^M=.* PASS " $OUT/check-planner.txt) of 41"; grep -E "^M=.* FAIL |error" $OUT/check-planner.txt | head -5
HUMMING_VALIDATE_BUDGET=170 OUT=$OUT/val timeout 420 bash scripts/device-validate.sh tiles wgmma > $OUT/val.log 2>&1
echo "validate rc $?"
grep -v "^PASS" $OUT/val/validate.txt | grep -v "^REPACK SAME" | head -8; grep -E '"(layers_checked|checks|passed)"|not_run' $OUT/val/validate-summary.txt | head
grep -E "exit|ERROR SUMMARY" $OUT/val/sanitizer.txt; tail -2 $OUT/val/pytest.txt
wait $diag; echo "diag rc $?"; grep -E "^(PASS|FAIL|SKIP)|nvcc|libcuda" $OUT/humming-diag.log | cut -c1-220 | head -30
find peers/humming-cache -name tmp -type d -prune -exec rm -rf {} + 2>/dev/null
tar -C peers -cJf $OUT/humming-cache.tar.xz humming-cache 2>/dev/null; ls -la $OUT/humming-cache.tar.xz
bash scripts/bundle-out.sh
