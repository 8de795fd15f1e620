#!/usr/bin/env python3
"""How evenly the planner's kernels load the SMs, on a machine without a GPU.

For each layer (benchmark case x N x K) and each dispatch entry up to
--max-m rows, prints the entry, its CTAs at the range's largest M (M tiles
x N tiles x K splits), the CTA slots its plan assumes (SMs x ctas_per_sm),
the waves that makes, and the busiest SM's CTAs against the mean
(ceil(u / SMs) / (u / SMs)): 2.0 means some SMs stream twice the bytes of
the average while others idle, the pattern bench/NOTES.md sections
114-115 found slow (18944 x 3584, 1.78 at 1..16 rows; 37888 x 3584, 1.12
waves). Entries past --flag (default 1.3) or over one wave are marked;
those whose last wave holds at most --tail (default 0.35) of the slots
are marked as short tails, the pattern that measured costliest: sections
115-118 found 1.12 waves 12-31 % slower than one (37888 x 3584, every
code width and scale), while 1.70 waves at 57344 x 8192 cost under 3 %
(section 116) and 8-bit tiles on 56-73 % of the SMs in one wave cost
nothing measurable (section 117).

A screen for leads, not a cost model: an SM's bandwidth is not capped at
the mean share, tiles planned at one CTA per SM may still share an SM where
their shared memory allows, and only a measurement on the GPU decides.

  python3 scripts/plan-balance.py [--cases C1,C2] [--shapes 18944x3584,...]
      [--target h200] [--max-m 64] [--flag 1.3] [--tail 0.35]
      [--only-flagged]

Cases default to every case of bench/cases.py, shapes to the benchmark's
five plus common model widths; uses
humming-run (build/bin or $HUMMING_RUN) with --compile-only, so the first
run compiles each layer's kernels into the cache.
"""
import argparse
import json
import math
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench"))
import cases  # noqa: E402

# Model widths beyond the benchmark's five (N x K): Llama-2/3, Qwen2,
# Qwen-14B projections, fused QKV and gate-up layers among them.
MODEL_SHAPES = [(6144, 4096), (12288, 4096), (14336, 4096), (22016, 4096),
                (4096, 14336), (5120, 5120), (13824, 5120), (5120, 13824),
                (3584, 18944), (18944, 3584), (37888, 3584), (4608, 3584),
                (2048, 7168), (10240, 8192), (57344, 8192), (8192, 28672)]


def plan(run, spec):
    """The planner's description of a layer; None where the library refuses
    the layer itself (a group size that does not divide K): that case does
    not exist at this shape, and the screen goes on."""
    out = subprocess.run([run, "--spec", spec, "--compile-only"],
                         capture_output=True, text=True)
    for line in out.stdout.splitlines():
        if line.startswith("plan: "):
            return json.loads(line[len("plan: "):])
    why = (out.stderr or out.stdout).strip()
    if "HUMMING_ERROR_INVALID_ARGUMENT: layer spec:" in why:
        print("plan-balance: skipped '%s': %s" % (spec, why.splitlines()[-1]),
              file=sys.stderr)
        return None
    sys.exit("plan-balance: humming-run printed no plan for '%s': %s" % (spec, why))


def rows(description, n, max_m):
    sms = description["sms"]
    n_pad = math.ceil(n / 64) * 64
    text = description["dispatch_text"].split(",")
    for entry, e in zip(text, description["dispatch"]):
        if e["m_min"] > max_m:
            break
        m = e["m_max"] or e["m_min"]
        block_m, block_n = e["block"][0], e["block"][1]
        units = math.ceil(m / block_m) * (n_pad // block_n) * e["split_k"]
        slots = sms * e["ctas_per_sm"]
        busiest = math.ceil(units / sms) / (units / sms)
        yield entry, units, slots, units / slots, busiest


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--cases", default=",".join(cases.CASES),
                    help="default: every case of bench/cases.py")
    ap.add_argument("--shapes", default="",
                    help="NxK,... (default: the benchmark's and model widths)")
    ap.add_argument("--target", default="h200")
    ap.add_argument("--max-m", type=int, default=64)
    ap.add_argument("--flag", type=float, default=1.3)
    ap.add_argument("--tail", type=float, default=0.35)
    ap.add_argument("--only-flagged", action="store_true")
    a = ap.parse_args()
    run = os.environ.get("HUMMING_RUN", os.path.join(ROOT, "build/bin/humming-run"))
    if a.shapes:
        shapes = [tuple(int(x) for x in s.split("x")) for s in a.shapes.split(",")]
    else:
        shapes = cases.SHAPES + [s for s in MODEL_SHAPES if s not in cases.SHAPES]
    for case in a.cases.split(","):
        if case not in cases.CASES:
            sys.exit("plan-balance: unknown case %s (bench/cases.py)" % case)
        for n, k in shapes:
            spec = "n=%d k=%d %s target=%s" % (n, k, cases.CASES[case][2], a.target)
            description = plan(run, spec)
            if description is None:
                continue
            for entry, units, slots, waves, busiest in rows(description, n, a.max_m):
                # The last wave's share of the slots, where there is more
                # than one wave.
                tail = waves - math.ceil(waves) + 1 if waves > 1 else 0
                short = 0 < tail <= a.tail
                flagged = busiest > a.flag or waves > 1
                if a.only_flagged and not flagged:
                    continue
                mark = "  <-- short tail" if short else "  <--" if flagged else ""
                print("%dx%d %s %-40s CTAs %4d slots %4d waves %.2f busiest/mean %.2f%s"
                      % (n, k, case, entry, units, slots, waves, busiest, mark))


if __name__ == "__main__":
    main()
