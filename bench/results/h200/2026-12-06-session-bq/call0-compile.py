#!/usr/bin/env python3
# Session bq: cold compile time of each wgmma kernel of the 8192^2 W4A16 /
# W8A16 channel tables, two builds interleaved (base: main's static
# humming-run unpacked at /tmp/base-rt; new: build/), least of N runs, one
# compile thread. python3 call0-compile.py [N]
import json, subprocess, tempfile, os, sys, statistics
sys.path.insert(0, "bench")
from cases import CASES
builds = {"base": "/tmp/base-rt/humming-runtime/bin/humming-run", "new": "build/bin/humming-run"}
FILLER = "8x64x64:1x2x8:s3:k1:rq"
def plan(run, spec):
    with tempfile.TemporaryDirectory() as c:
        env = dict(os.environ, HUMMING_CACHE_DIR=c, HUMMING_COMPILE_THREADS="1")
        out = subprocess.run([run, "--spec", spec, "--compile-only"], env=env, capture_output=True, text=True)
    for l in (out.stdout + out.stderr).splitlines():
        if l.startswith("plan: "): return json.loads(l[6:])
    raise RuntimeError(out.stderr[-500:])
reps = int(sys.argv[1]) if len(sys.argv) > 1 else 3
for case in ["w4a16-int4-channel", "w8a16-int8-channel"]:
    spec = "n=8192 k=8192 %s target=h200" % CASES[case][2]
    table = plan(builds["new"], spec)["dispatch_text"].split(",")
    print(case)
    for entry in table:
        rng, rest = entry.split(":", 1)
        lo, hi = rng.split("-")
        if not rest.endswith("wg") and ":wg" not in rest: continue
        hi = int(hi) if hi else 1024
        t = "1-%d:%s,%d-:%s" % (hi, rest, hi + 1, FILLER)
        res = {b: [] for b in builds}
        for _ in range(reps):
            for b, run in builds.items():
                p = plan(run, spec + " dispatch=" + t)
                k = p["dispatch"][0]
                res[b].append((k["milliseconds"], k["lower_milliseconds"], k["assemble_milliseconds"]))
        line = "  %-40s" % entry
        for b in builds:
            m = min(res[b]); line += " %s %4.0f (%3.0f+%3.0f)" % (b, *m)
        print(line, flush=True)
