#!/usr/bin/env python3
"""Cold compile time of one kernel and of a layer's kernel set, on this
machine (no GPU needed): the compile targets of "Small-batch speed" (one
kernel <= 300 ms cold on a 2-core machine; the set <= 2 s on the H200 host).

For each case and each entry of the planner's table, `humming-run
--compile-only` compiles, with an empty cache and one compile thread
(HUMMING_COMPILE_THREADS=1, so no other job shares the cores), a two-entry
table: the entry (its range starting at M = 1) and a fixed mma.sync filler
beyond it. The pool compiles the filler first, so the entry's `milliseconds`
are one kernel's cold compile in a process that has compiled before; the
filler's are the first kernel of a fresh process, which also pays the
libraries' first use. Each table runs --reps times in fresh processes; the
median is reported with the range. Then the whole planner table, cold, with
one thread and with the default pool.

With --base RUN (another build's humming-run), each entry of the table is
also compiled by that build, its runs interleaved with ours (base, ours,
base, ...), so a shared machine's drift falls on both alike; the least of
each build's runs and their ratio are reported (this 2-core machine's runs
of one kernel spread up to 25 %, its speed drifts more between hours).

    python3 bench/compile_time.py                 # writes bench/results/<host>/
    python3 bench/compile_time.py --reps 1 --cases w4a16-int4-g128 --out /tmp/x
    python3 bench/compile_time.py --base /tmp/base-rt/humming-runtime/bin/humming-run \
        --cases w8a16-int8-channel --no-whole-table --out /tmp/x

With --entries (dispatch entries with their M ranges, comma-separated) those
entries are compiled in place of the planner's table, the same way and
interleaved round by round: two tunings of one tile compared on one machine
at one time (bench/NOTES.md section 146):

    python3 bench/compile_time.py --cases w4a16-int4-channel --reps 5 --out /tmp/x \
        --entries 33-48:48x128x64:1x2x1:s16:kc2:wg:i8,33-48:48x128x64:1x2x1:s16:kc2:wg
"""
import argparse
import datetime
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from cases import CASES, DEFAULT_CASES  # noqa: E402

# The 1..8-row lane queue: cheap, legal at any M, not a cluster tile.
FILLER = "8x64x64:1x2x8:s3:k1:rq"


def compile_plan(run, spec, threads):
    """humming-run --compile-only with an empty cache; the plan JSON."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, HUMMING_CACHE_DIR=cache)
        if threads:
            env["HUMMING_COMPILE_THREADS"] = str(threads)
        out = subprocess.run([run, "--spec", spec, "--compile-only"], env=env,
                             capture_output=True, text=True, timeout=600)
    for line in out.stdout.splitlines() + out.stderr.splitlines():
        if line.startswith("plan: "):
            return json.loads(line[len("plan: "):])
    raise RuntimeError("humming-run printed no plan for %r:\n%s%s"
                       % (spec, out.stdout[-2000:], out.stderr[-2000:]))


def summary(values):
    return {"median": statistics.median(values), "min": min(values),
            "max": max(values), "runs": values}


def entry_range(entry):
    """A dispatch entry's M range (lo, hi; hi None when unbounded) and the
    rest of its text; ValueError when it has no range."""
    rng, rest = entry.split(":", 1) if ":" in entry else (entry, "")
    lo, sep, hi = rng.partition("-")
    if not sep or not rest or not lo.isdigit() or (hi and not hi.isdigit()):
        raise ValueError("%r has no M range (like 33-48:48x128x64:...)" % entry)
    return int(lo), int(hi) if hi else None, rest


def measure_case(run, case, shape, target, reps, max_m, whole_table, base=None,
                 given=None):
    n, k = shape
    spec = "n=%d k=%d %s target=%s" % (n, k, CASES[case][2], target)
    if given:
        # Hand entries in place of the planner's table (their ranges as
        # given); no whole table to compile.
        table, planned, whole_table = given, None, False
    else:
        # The planner's table, from a cold compile with the default pool:
        # also the whole table's first run with the pool (below).
        planned = compile_plan(run, spec, 0)
        table = planned["dispatch_text"].split(",")
    tables = []
    for entry in table:
        lo, hi, rest = entry_range(entry)
        if max_m and lo > max_m:
            break
        hi = hi or max(lo, 1024)
        tables.append((entry, "1-%d:%s,%d-:%s" % (hi, rest, hi + 1, FILLER)))
    runs = [{"ms": [], "lower": [], "assemble": [], "base": []} for _ in tables]
    first = []
    # Rounds outermost: every entry (and the base build) once a round, so a
    # drift of the machine's speed falls on all of them alike.
    for _ in range(reps):
        for (entry, t), r in zip(tables, runs):
            if base:
                r["base"].append(compile_plan(base, "%s dispatch=%s" % (spec, t),
                                              1)["dispatch"][0]["milliseconds"])
            plan = compile_plan(run, "%s dispatch=%s" % (spec, t), 1)
            e, f = plan["dispatch"][0], plan["dispatch"][1]
            r["ms"].append(e["milliseconds"])
            r["lower"].append(e["lower_milliseconds"])
            r["assemble"].append(e["assemble_milliseconds"])
            first.append(f["milliseconds"])
    entries = []
    for (entry, _), r in zip(tables, runs):
        ms = r["ms"]
        entries.append({"entry": entry, "milliseconds": summary(ms),
                        "lower_milliseconds": summary(r["lower"]),
                        "assemble_milliseconds": summary(r["assemble"])})
        against = ""
        if base:
            entries[-1]["base_milliseconds"] = summary(r["base"])
            against = "; least %.0f against base %.0f, %.2fx" % (
                min(ms), min(r["base"]), min(ms) / min(r["base"]))
        print("  %-40s %5.0f ms (lower %4.0f, assemble %4.0f; range %.0f-%.0f%s)"
              % (entry, statistics.median(ms), statistics.median(r["lower"]),
                 statistics.median(r["assemble"]), min(ms), max(ms), against), flush=True)
    sets = {}
    if whole_table:
        sets["one_thread"] = summary([compile_plan(run, spec, 1)["compile_milliseconds"]
                                      for _ in range(reps)])
        sets["default_pool"] = summary(
            [planned["compile_milliseconds"]] +
            [compile_plan(run, spec, 0)["compile_milliseconds"] for _ in range(reps - 1)])
    return {"case": case, "spec": spec, "entries": entries,
            "first_kernel_of_a_process": {"entry": FILLER, **summary(first)},
            "set_milliseconds": sets}


def reference_seconds():
    """A fixed single-thread workload (10^7 Python loop steps): how fast this
    machine's cores ran during the measurement; shared and throttled virtual
    machines vary by 1.5x and more between sessions."""
    code = "import time\nt=time.perf_counter()\ns=0\nfor i in range(10**7): s+=i\nprint(time.perf_counter()-t)"
    return float(subprocess.run([sys.executable, "-c", code], capture_output=True,
                                text=True, timeout=120).stdout)


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.machine()


def git_commit():
    try:
        out = subprocess.run(["git", "-C", HERE, "describe", "--always", "--dirty",
                              "--abbrev=7", "--exclude=*"],
                             capture_output=True, text=True, timeout=10)
        return out.stdout.strip() or "unknown"
    except OSError:
        return "unknown"


def markdown(meta, results):
    lines = ["# Cold compile time of one kernel", "",
             "Date %s, commit %s, %s. %s. The cores' speed: a 10^7-step Python loop "
             "took %.2f s before and %.2f s after." % (
                 meta["date"], meta["commit"], meta["machine"], meta["method"],
                 *meta["reference_seconds"]), ""]
    for r in results:
        based = "base" in meta
        lines += ["## %s" % r["case"], "", "`%s`" % r["spec"], "",
                  "| entry | one kernel, ms (median) | range | lower (MLIR + LLVM) | assemble |"
                  + (" least / base's least |" if based else ""),
                  "|---|---|---|---|---|" + ("---|" if based else "")]
        for e in r["entries"]:
            m = e["milliseconds"]
            row = "| `%s` | %.0f | %.0f-%.0f | %.0f | %.0f |" % (
                e["entry"], m["median"], m["min"], m["max"],
                e["lower_milliseconds"]["median"], e["assemble_milliseconds"]["median"])
            if based:
                b = e["base_milliseconds"]["min"]
                row += " %.0f / %.0f (%.2fx) |" % (m["min"], b, m["min"] / b)
            lines.append(row)
        f, s = r["first_kernel_of_a_process"], r["set_milliseconds"]
        lines += ["", "First kernel of a fresh process (`%s`): %.0f ms median (%.0f-%.0f)."
                  % (f["entry"], f["median"], f["min"], f["max"])]
        if s:
            lines.append("The planner's whole table cold: %.0f ms with one thread, %.0f ms "
                         "with the default pool (%d threads)." % (
                             s["one_thread"]["median"], s["default_pool"]["median"],
                             meta["cpus"]))
        lines.append("")
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--run", default=os.environ.get(
        "HUMMING_RUN", os.path.join(HERE, "..", "build", "bin", "humming-run")))
    ap.add_argument("--cases", default=",".join(DEFAULT_CASES))
    ap.add_argument("--shape", default="8192x8192")
    ap.add_argument("--target", default="h200",
                    help="the chip whose planner tables are compiled (default h200)")
    ap.add_argument("--base", help="another build's humming-run: each entry also "
                                   "compiled by it, runs interleaved")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--max-m", type=int, default=0,
                    help="only the entries whose M range starts at or below this")
    ap.add_argument("--no-whole-table", action="store_true",
                    help="skip the whole table's cold compile")
    ap.add_argument("--entries",
                    help="dispatch entries with ranges (comma-separated) to compile "
                         "instead of the planner's table")
    ap.add_argument("--out", help="folder for the JSON and markdown "
                                  "(default bench/results/<host>-<cpus>cpu)")
    args = ap.parse_args()
    if args.reps < 1:
        ap.error("--reps must be at least 1")
    cases = args.cases.split(",")
    for c in cases:
        if c not in CASES:
            ap.error("unknown case %s (one of %s)" % (c, ", ".join(CASES)))
    shape = tuple(int(x) for x in args.shape.split("x"))
    given = args.entries.split(",") if args.entries else None
    for e in given or []:
        try:
            entry_range(e)
        except ValueError as err:
            ap.error("--entries: %s" % err)
    cpus = os.cpu_count() or 1
    meta = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": git_commit(),
        "machine": "%d CPUs, %s" % (cpus, cpu_model()),
        "cpus": cpus,
        "method": ("humming-run --compile-only, empty cache, HUMMING_COMPILE_THREADS=1; "
                   "each entry compiled after a filler kernel in the same process "
                   "(one kernel's cold compile in a process that has compiled before), "
                   "%d fresh processes each, the entries interleaved round by round, "
                   "median" % args.reps),
    }
    if args.base:
        meta["base"] = args.base
        meta["method"] += ("; each entry also compiled by the base build %s, its runs "
                           "interleaved with ours" % args.base)
    results = []
    before = reference_seconds()
    for c in cases:
        print(c, flush=True)
        try:
            results.append(measure_case(args.run, c, shape, args.target, args.reps,
                                        args.max_m, not args.no_whole_table, args.base,
                                        given))
        except RuntimeError as e:  # humming-run refused a table: its message
            sys.exit("compile_time.py: %s" % e)
    meta["reference_seconds"] = [before, reference_seconds()]
    out = args.out or os.path.join(HERE, "results", "cpu-%dcore" % cpus)
    os.makedirs(out, exist_ok=True)
    stem = os.path.join(out, "compile-%s-%s" % (meta["date"][:10], meta["commit"]))
    with open(stem + ".json", "w") as f:
        json.dump({"meta": meta, "results": results}, f, indent=1)
    with open(stem + ".md", "w") as f:
        f.write(markdown(meta, results))
    print("wrote %s.json and .md" % stem)


if __name__ == "__main__":
    main()
