#!/usr/bin/env python3
"""Session bt: the dispatch table TABLE with its first entry from 193 rows
split at ROWS: 193..ROWS on a ROWS-row copy of the 161..192 entry's
192-row warpgroup tile (one M tile over 128 columns, wgmma nROWS; its K
split and stages; at one CTA per SM and 5 stages where the 192-row tile
ran two CTAs per SM, whose 128 registers a thread 224 rows overflow),
ROWS+1.. as before. Prints the new table; exits 1 where the table has no
161..192 entry on the 192-row tile. (Session bv: or 177..192, since 16-row
steps split 129..192; session bv's calls 6 and 7 ran it.)
    python3 rows224.py "$(plan_table "$spec")" 224
"""
import re
import sys

table, rows = sys.argv[1].split(","), int(sys.argv[2])
mid = next((e for e in table
            if e.startswith(("161-192:192x", "177-192:192x"))), None)
if not mid:
    sys.exit("no 161-192 or 177-192 entry on the 192-row tile")
form = mid.split(":", 1)[1].split("x", 1)[1]
if ":c2:" in form:
    form = re.sub(r":s\d+:", ":s5:", form).replace(":c2:", ":")
out = []
for e in table:
    r, rest = e.split(":", 1)
    lo, hi = r.split("-")
    if lo == "193":
        out += ["193-%d:%dx%s" % (rows, rows, form), "%d-%s:%s" % (rows + 1, hi, rest)]
    else:
        out.append(e)
print(",".join(out))
