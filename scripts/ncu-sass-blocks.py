#!/usr/bin/env python3
"""Where a kernel's executed instructions and stall samples go, by block.

Reads the per-SASS CSV that bench/profile.sh writes (Nsight Compute's source
page, `*-sass.csv`, plain or .xz) and groups instructions by how often they
ran: instructions of one basic block run equally often, so the largest
groups are the main loop's blocks. Prints, per group, the instruction count,
its share of all executed instructions and of the warp-stall samples, and
lists local-memory (spill) instructions with how often each ran.

  python3 scripts/ncu-sass-blocks.py PROFILE.csv[.xz] [...] [--top N]
"""
import argparse
import collections
import csv
import io
import lzma


def read_rows(path):
    opener = lzma.open if path.endswith(".xz") else open
    with opener(path, "rt") as f:
        rows = list(csv.reader(io.StringIO(f.read())))
    # The first line names the kernel; the second is the header.
    header = rows[1]
    return [dict(zip(header, r)) for r in rows[2:] if len(r) == len(header)]


def number(text):
    return int(text.replace(",", "") or 0)


def summarize(path, top):
    rows = read_rows(path)
    count_groups = collections.Counter()
    samples_by_count = collections.Counter()
    spills = []
    executed_total = samples_total = 0
    for r in rows:
        executed = number(r["Instructions Executed"])
        samples = number(r["Warp Stall Sampling (All Samples)"])
        count_groups[executed] += 1
        samples_by_count[executed] += samples
        executed_total += executed
        samples_total += samples
        opcode = r["Source"].split()
        # A predicate guard (@P0) may come first.
        if any(w.startswith(("LDL", "STL")) for w in opcode[:2]):
            spills.append((executed, r["Source"].strip()))
    print(f"{path}: {len(rows)} instructions, {executed_total} executed, "
          f"{samples_total} stall samples")
    ranked = sorted(count_groups.items(), key=lambda kv: -kv[0] * kv[1])
    for executed, n in ranked[:top]:
        print(f"  ran {executed:>10} times x {n:>4} instructions: "
              f"{executed * n / max(executed_total, 1) * 100:5.1f} % of executed, "
              f"{samples_by_count[executed] / max(samples_total, 1) * 100:5.1f} % of samples")
    print(f"  local-memory instructions: {len(spills)}"
          + "".join(f"\n    ran {e:>8}: {s}" for e, s in spills))


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("csv", nargs="+")
    parser.add_argument("--top", type=int, default=6)
    args = parser.parse_args()
    for path in args.csv:
        summarize(path, args.top)


if __name__ == "__main__":
    main()
