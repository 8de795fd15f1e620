#!/usr/bin/env python3
"""Session bv: the planner's table TABLE as it was before section 140,
193..224's 224-row entry merged back into the entry after it (193..X on
that entry's kernel). Exits 1 where the table has no 224-row entry.
    python3 unsplit224.py "$(plan_table "$spec")"
"""
import sys

table = sys.argv[1].split(",")
i = next((j for j, e in enumerate(table) if e.startswith("193-224:224x")), None)
if i is None or i + 1 >= len(table):
    sys.exit("no 193-224 entry on the 224-row tile")
hi, rest = table[i + 1].split(":", 1)[0].split("-")[1], table[i + 1].split(":", 1)[1]
print(",".join(table[:i] + ["193-%s:%s" % (hi, rest)] + table[i + 2:]))
