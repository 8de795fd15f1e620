#!/usr/bin/env python3
"""Checks a kernel's SASS for writes to registers of warpgroup MMAs that a
partial wait leaves in flight.

    python3 scripts/wgmma-hazards.py KERNEL.sass [...]   (scripts/sass.sh writes them)

A `wgmma.wait_group N` with N > 0 becomes `WARPGROUP.DEPBAR.LE gsb0, N`: the
last N hardware groups may still run (ptxas closes a group at every HGMMA
that carries `gsb0`). Until the next DEPBAR or HGMMA no instruction may
write their A-fragment registers (4 from the A base) or accumulators (the D
range). The wgmma group-scale sums (lib/Conversion/GemmCompute.cpp) scale
one run's sums while the next run's MMAs are in flight; this reads what
ptxas made of that (bench/NOTES.md, sections 24 and 90). Prints each
hazard and, per file, "<file>: <n> partial waits, <m> hazards"; exits 1 on
a hazard.
"""
import os
import re
import sys


def regs(base, n):
    return {"R%d" % (int(base[1:]) + i) for i in range(n)}


def check(path):
    lines = []
    for raw in open(path):
        text = re.sub(r"/\*[0-9a-f]+\*/", "", raw).strip().rstrip(" ;")
        if text and not text.startswith(("//", ".")):
            lines.append(text)
    groups, current, hazards, waits = [], [], 0, 0
    for i, line in enumerate(lines):
        if "HGMMA" in line:
            r = re.findall(r"\bR\d+", line)
            width = int(re.search(r"64x(\d+)x", line).group(1)) // 2
            # (ptxas's own placeholder HGMMAs write RZ: no registers)
            used = regs(r[0], width) if r and re.search(r"HGMMA\S* R\d", line) else set()
            # Register A: the second register operand, before the descriptor.
            if len(r) > 1 and "gdesc" in line and line.index(r[1]) < line.index("gdesc"):
                used |= regs(r[1], 4)
            current.append(used)
            if "gsb0" in line:
                groups.append(set().union(*current))
                current = []
        m = re.search(r"WARPGROUP\.DEPBAR\.LE gsb0, 0x([0-9a-f]+)", line)
        if not m:
            continue
        pending = int(m.group(1), 16)
        groups = groups[len(groups) - pending:] if pending else []
        if not pending:
            continue
        waits += 1
        live = set().union(*groups)
        for later in lines[i + 1:]:
            if "WARPGROUP.DEPBAR" in later or "HGMMA" in later:
                break
            w = re.match(r"(@!?U?P\w+ )?([A-Z][A-Z0-9._]*) (R\d+)", later)
            if not w:
                continue
            op = w.group(2)
            count = 4 if ".128" in op else 2 if (".64" in op or "WIDE" in op) else 1
            if regs(w.group(3), count) & live:
                print("hazard after DEPBAR.LE gsb0, %d: %s" % (pending, later))
                hazards += 1
    print("%s: %d partial waits, %d hazards" % (os.path.basename(path), waits, hazards))
    return hazards


if __name__ == "__main__":
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    sys.exit(1 if sum(check(p) for p in sys.argv[1:]) else 0)
