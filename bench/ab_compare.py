#!/usr/bin/env python3
"""The table of an A / B (bench/ab.sh): each build's time per cell, and the
new build's time over the base's.

bench/ab.sh leaves <tag><round>/bench/bench-*.json under its output folder
for each build it ran (base, any AB_EXTRA tags, new) and round, or, where
the builds shared one process per round (its default), new<round>/ with
the others' rows as humming-mlir@TAG. This reads
them, takes for each build and cell (case, N, K, M) the median over the
rounds of Humming-MLIR's time, and prints a markdown table with the other
builds' times as ratios of the base's (below 1: faster), marking the cells
where a ratio is beyond --threshold either way. Cells that failed the
correctness gate in any run are reported and left out.

    python3 bench/ab_compare.py OUT/ab [--threshold 0.03] [--json FILE]
"""
import argparse
import glob
import json
import os
import re
import statistics
import sys

IMPL = "humming-mlir"


def runs(folder):
    """{tag: [rows of each round]} from <tag><round>/bench/bench-*.json. A
    run that held several builds in one process (gemm_bench.py --library)
    gives each its own rows: humming-mlir@TAG are build TAG's, renamed to
    humming-mlir; humming-mlir itself is the run's own tag's."""
    out = {}
    for path in sorted(glob.glob(os.path.join(folder, "*", "bench", "bench-*.json"))):
        run = os.path.basename(os.path.dirname(os.path.dirname(path)))
        m = re.fullmatch(r"(.*?)(\d+)", run)
        if not m:
            continue
        with open(path) as f:
            rows = json.load(f)["rows"]
        by_tag = {m.group(1): []}
        for r in rows:
            impl = r.get("impl", "")
            if impl.startswith(IMPL + "@"):
                by_tag.setdefault(impl[len(IMPL) + 1:], []).append(dict(r, impl=IMPL))
            else:
                by_tag[m.group(1)].append(r)
        for tag, tag_rows in by_tag.items():
            out.setdefault(tag, []).append(tag_rows)
    return out


def cells(rounds):
    """{(case, n, k, m): [us of each round]} and the cells that failed."""
    times, failed = {}, set()
    for rows in rounds:
        for r in rows:
            if r.get("impl") != IMPL:
                continue
            key = (r["case"], r["n"], r["k"], r["m"])
            if not r.get("gate", {}).get("pass") or r.get("us") is None:
                failed.add(key)
                continue
            times.setdefault(key, []).append(r["us"])
    return times, failed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("folder", help="bench/ab.sh's output folder")
    ap.add_argument("--threshold", type=float, default=0.03,
                    help="mark ratios beyond 1 +- this (default 0.03)")
    ap.add_argument("--json", help="also write the table's rows here")
    args = ap.parse_args()
    by_tag = runs(args.folder)
    if "base" not in by_tag or len(by_tag) < 2:
        sys.exit("ab_compare.py: no base and other build under %s (bench/ab.sh's "
                 "<tag><round>/bench/bench-*.json)" % args.folder)
    # The builds in ab.sh's order: base, the extra tags, new last.
    tags = ["base"] + sorted(t for t in by_tag if t not in ("base", "new")) + \
        (["new"] if "new" in by_tag else [])
    data = {t: cells(by_tag[t]) for t in tags}
    failed = set().union(*(f for _, f in data.values()))
    keys = sorted(set(data["base"][0]) - failed)
    others = tags[1:]
    print("| case | N x K | M | base us | " +
          " | ".join("%s us | %s / base" % (t, t) for t in others) + " |")
    print("|---|---|---|---|" + "---|---|" * len(others))
    out_rows, marked = [], 0
    for key in keys:
        base = statistics.median(data["base"][0][key])
        row = {"case": key[0], "n": key[1], "k": key[2], "m": key[3], "base_us": base}
        cols = []
        for t in others:
            ts = data[t][0].get(key)
            if not ts:
                cols.append("- | -")
                continue
            us = statistics.median(ts)
            ratio = us / base
            row[t + "_us"], row[t + "_ratio"] = us, ratio
            mark = " *" if abs(ratio - 1) > args.threshold else ""
            marked += bool(mark)
            cols.append("%.1f | %.3f%s" % (us, ratio, mark))
        out_rows.append(row)
        print("| %s | %dx%d | %d | %.1f | %s |" % (key[0], key[1], key[2], key[3], base,
                                                 " | ".join(cols)))
    rounds = {t: len(by_tag[t]) for t in tags}
    print("\nrounds: %s; medians over the rounds; * beyond 1 +- %.2f: %d cells"
          % (", ".join("%s %d" % kv for kv in rounds.items()), args.threshold, marked))
    for key in sorted(failed):
        print("gate failed (left out): %s %dx%d M = %d" % key)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"rounds": rounds, "rows": out_rows,
                       "gate_failed": [list(k) for k in sorted(failed)]}, f, indent=1)


if __name__ == "__main__":
    main()
