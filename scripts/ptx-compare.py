#!/usr/bin/env python3
"""Whether two builds of the compiler emit the same PTX: the check that a
change meant to leave every kernel alone (a refactor, a new error check, a
compile-time change) really did, on a machine without a GPU.

Each layer spec is compiled by both builds' `humming-run --spec S
--compile-only --print-ptx`, each in a fresh process with an empty cache,
and each PTX module (one per dispatch entry) is matched by its kernels'
names and compared line by line. A spec both builds
refuse with the same message counts as the same; one refused by one build
only, a different set of kernels, or any differing line is a difference.

    python3 scripts/ptx-compare.py --base /tmp/base-rt/humming-runtime/bin/humming-run \\
        --new build/bin/humming-run                       # the built-in specs
    python3 scripts/ptx-compare.py --base A --new B --spec "n=4096 k=4096 weight=int4 target=h200"
    python3 scripts/ptx-compare.py --base A --new B --specs FILE   # one spec a line

The built-in specs cover the planner's tables of the benchmark's three cases
and of odd formats on the H200, an A100, sm_89 and a T4, and hand tables of the
lane queue, wgmma cluster pairs and mma.sync K splits. Exit status 0 when
every spec is the same, 1 when any differs, 2 on bad usage.
"""
import argparse
import concurrent.futures
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from ptx_modules import split_modules  # noqa: E402

SPECS = [
    "n=8192 k=8192 weight=int4 scale=channel target=h200",
    "n=8192 k=8192 weight=int4 scale=group group_size=128 target=h200",
    "n=8192 k=8192 weight=int8 scale=channel target=h200",
    "n=4096 k=11008 weight=int4 scale=group group_size=128 target=h200",
    "n=28672 k=4096 weight=uint8 scale=channel target=h200",
    "n=8192 k=8192 weight=int4 scale=group group_size=64 target=h200",
    "n=4096 k=4096 weight=uint4 scale=group group_size=64 zero_point=integer "
    "bias=1 target=a100",
    "n=4096 k=4096 weight=int4 scale=group group_size=64 activation=bfloat16 "
    "output=bfloat16 target=sm_89",
    "n=1000 k=1056 weight=uint3 scale=group group_size=32 zero_point=integer "
    "target=h200",
    "n=1000 k=1000 weight=uint4 scale=channel bias=1 target=t4",
    "n=8192 k=8192 weight=int4 scale=channel target=h200 dispatch=1-8:8x32x64:"
    "1x1x16:s3:k1:rq,9-64:64x128x64:1x2x1:s16:kc2:wg,65-:128x256x64:1x2x1:s6:k1:wg",
    "n=4096 k=4096 weight=int8 scale=group group_size=128 target=h200 "
    "dispatch=1-16:16x64x64:1x1x2:s3:k2,17-:64x64x64:2x1x1:s2:k1",
]


def compile_ptx(run, spec, timeout):
    """(modules, refusal): modules maps a PTX module's kernel names to its
    lines; refusal is the build's last message line when it refuses the
    spec."""
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, HUMMING_CACHE_DIR=cache)
        try:
            r = subprocess.run([run, "--spec", spec, "--compile-only", "--print-ptx"],
                               env=env, capture_output=True, text=True,
                               timeout=timeout)
        except subprocess.TimeoutExpired:
            return None, "time limit ({} s)".format(timeout)
    if r.returncode != 0:
        lines = [l for l in (r.stderr + r.stdout).splitlines() if l.strip()]
        return None, lines[-1] if lines else "exit {}".format(r.returncode)
    modules = dict(split_modules(r.stdout))
    if not modules:
        return None, "no PTX printed"
    return modules, None


def first_difference(a, b):
    for i, (x, y) in enumerate(zip(a, b)):
        if x != y:
            return "line {}: {!r} against {!r}".format(i + 1, x.strip(), y.strip())
    return "line {}: one module ends ({} against {} lines)".format(
        min(len(a), len(b)) + 1, len(a), len(b))


def compare(base, new, spec, timeout):
    """(same, text) for one spec."""
    (bm, br), (nm, nr) = (compile_ptx(base, spec, timeout),
                          compile_ptx(new, spec, timeout))
    if br or nr:
        if br == nr:
            return True, "same (both refuse: {})".format(br)
        return False, "DIFFERENT: base {}, new {}".format(
            "refuses: " + br if br else "compiles",
            "refuses: " + nr if nr else "compiles")
    if set(bm) != set(nm):
        return False, "DIFFERENT kernels: base {}, new {}".format(
            sorted(bm), sorted(nm))
    diffs = ["{} ({})".format(",".join(k), first_difference(bm[k], nm[k]))
             for k in sorted(bm) if bm[k] != nm[k]]
    if diffs:
        return False, "DIFFERENT: " + "; ".join(diffs)
    return True, "same: {} modules, {} kernels, {} lines".format(
        len(bm), sum(len(k) for k in bm), sum(len(v) for v in bm.values()))


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--base", required=True, help="humming-run of the reference build")
    ap.add_argument("--new", required=True, help="humming-run of the build to check")
    ap.add_argument("--spec", action="append", default=[],
                    help="a layer spec (repeatable; default: the built-in set)")
    ap.add_argument("--specs", help="a file of layer specs, one a line ('#' comments)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=float, default=600,
                    help="seconds per compile (default 600)")
    args = ap.parse_args()
    for tool in (args.base, args.new):
        if not (os.path.isfile(tool) and os.access(tool, os.X_OK)):
            print("ptx-compare: {} is not an executable humming-run".format(tool),
                  file=sys.stderr)
            return 2
    specs = list(args.spec)
    if args.specs:
        with open(args.specs) as f:
            specs += [l.strip() for l in f if l.strip() and not l.startswith("#")]
    specs = specs or SPECS
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        results = list(pool.map(lambda s: compare(args.base, args.new, s, args.timeout),
                                specs))
    for spec, (same, text) in zip(specs, results):
        print("{}\n  {}".format(spec, text))
    differing = sum(1 for same, _ in results if not same)
    print("ptx-compare: {} specs, {} the same, {} different".format(
        len(specs), len(specs) - differing, differing))
    return 1 if differing else 0


if __name__ == "__main__":
    sys.exit(main())
