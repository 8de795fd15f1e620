#!/usr/bin/env python3
"""Session bw: the planner's table TABLE with every entry from 225 rows on
replaced by M tiles of 256 rows over 128 columns (the 224-row tile's
form, wgmma n256, 5 stages): 225..256 in the 193..224 entry's K split,
257+ unsplit. Exits 1 where the table has no 193-224 entry on the 224-row
tile (the shapes where that tile was slower).
    python3 rows256.py "$(plan_table "$spec")"
"""
import sys

table = sys.argv[1].split(",")
i = next((j for j, e in enumerate(table) if e.startswith("193-224:224x")), None)
if i is None:
    sys.exit("no 193-224 entry on the 224-row tile")
split = table[i].split(":")[4]
print(",".join(table[:i + 1] + ["225-256:256x128x64:1x2x1:s5:%s:wg" % split,
                                "257-:256x128x64:1x2x1:s5:k1:wg"]))
