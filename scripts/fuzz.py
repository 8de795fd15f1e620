#!/usr/bin/env python3
"""Bad and unusual input through the compiler: every case must compile or be
refused with a clear error; none may crash, hang, or fail in a way only a
bug explains (an internal error, or the assembler rejecting PTX that the
passes accepted: the spec checks and the passes must catch an illegal
combination before any code is generated).

`specs`: random layer specs through `humming-run --spec S --compile-only`
(empty cache, one compile thread): the whole matrix (weight formats 1..8
bits integer and float, activations, outputs, scale and zero-point kinds,
group sizes, every known chip and arch, odd N and K), most with a scheme
the spec rules accept so that they reach the planner and kernel builders,
half with a random hand-written dispatch table (tiles, warp grids, stages,
K splits, clusters, stream-K, pipeline flags; legal and not), one in ten
deliberately malformed. Each spec that compiled, or was refused before
code generation (INVALID_ARGUMENT, UNSUPPORTED), goes through
`humming-run --spec S --check-only` as well, which must say the same.

`ir`: the humming.gemm modules of test/**/*.mlir, each mutated 1-3 times
(an integer, a format / scale / arch keyword, a dropped attribute field, a
duplicated or dropped line, a truncation), through `humming-opt` (parse,
verify, print, and the printed text parsed again) and then
`humming-opt --humming-to-cubin=format=isa` (every pass to PTX; ptxas is
not run), and through the runtime's IR path, `humming-run FILE
--compile-only` (the whole dispatch table, assembled).

Outcomes: compiled; refused (humming-run: HUMMING_ERROR_INVALID_ARGUMENT,
_UNSUPPORTED, or _COMPILE from the passes; humming-opt: an `error:`
diagnostic); FINDING: a signal, "LLVM ERROR" or an assertion, an exit
without a message, the time limit, an internal error, the assembler
rejecting PTX, (specs) `--check-only` (humming_spec_check) disagreeing
with the compile, or (ir) printed IR that does not parse again.

    python3 scripts/fuzz.py specs --cases 200 --seed 1
    python3 scripts/fuzz.py ir --cases 200 --seed 1
    python3 scripts/fuzz.py specs --replay "n=64 k=128 weight=int4 ..."
    python3 scripts/fuzz.py ir --replay kept/finding-12.mlir

Exit status 1 when any case is a finding (each printed so that it can be
replayed: the spec, or the mutated module under --keep DIR); --json writes
every case. Same seed, same cases.
"""
import argparse
import concurrent.futures
import json
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

CHIPS = ["t4", "a100", "a10", "rtx4090", "l40s", "h100", "h200", "b200",
         "rtx5090"]
ARCHS = ["sm_75", "sm_80", "sm_86", "sm_89", "sm_90", "sm_90a", "sm_100a",
         "sm_120a"]
INT_WEIGHTS = ["uint%d" % b for b in range(1, 9)] + ["int%d" % b for b in range(1, 9)]
FLOAT_WEIGHTS = ["e2m1", "fp4", "e4m3", "e5m2", "float6e3m2", "float6e2m3",
                 "float8e4m3", "float8e5m2", "e8m0", "float4e2m1", "float5e2m2",
                 "float7e3m3", "float3e1m1"]
# Dimensions: the benchmark's, multiples of the tiles, and odd ones.
DIMS = [64, 128, 192, 256, 320, 512, 768, 1024, 1536, 2048, 4096, 8192, 11008,
        96, 160, 200, 1000, 1040, 4160, 136, 72, 48, 32, 16, 8]
GROUPS = [16, 32, 64, 128, 256, 512, 1024]
TILE_M = [8, 16, 32, 48, 64, 96, 128, 192, 256, 24, 40, 512]
TILE_N = [8, 16, 32, 64, 96, 128, 192, 256, 320, 512]
TILE_K = [16, 32, 64, 128, 256, 48]
WARPS = [1, 1, 2, 2, 4, 8, 3, 16]
FLAGS = ["c2", "c3", "wg", "ws", "sw", "rs", "rs:pf4", "rq", "l1", "bf", "i2",
         "i4", "i8"]

# Garbage for the malformed tenth.
BAD = {
    "n": ["0", "-64", "abc", "1e3", "99999999999", ""],
    "k": ["0", "-1", "x", "3.5", "4294967296"],
    "weight": ["int0", "uint9", "int16", "float9e4m4", "nf4", "", "float8e0m7"],
    "activation": ["int8", "float32", "e4m3", "half2"],
    "output": ["int4", "float64", "e2m1"],
    "scale": ["tensor", "row", ""],
    "group_size": ["0", "3", "100", "2048", "-128", "128x"],
    "scale_type": ["int8", "float64", "e2m1"],
    "zero_point": ["yes", "asymmetric", "int4"],
    "implicit_zero": ["2", "-1", "true"],
    "bias": ["2", "yes", ""],
    "target": ["sm_70", "sm_91", "h300", "sm_90b", "compute_90", "sm_"],
    "sms": ["0", "-1", "1000000", "many"],
    "smem": ["0", "1", "-4", "99999999999"],
}


def random_dispatch(rng):
    """A dispatch table of 1..3 ranges: contiguous from M = 1, the last one
    unbounded, each with a random tile (most legal-looking, some not)."""
    entries = []
    lo = 1
    count = rng.choice([1, 1, 2, 3])
    for i in range(count):
        last = i == count - 1
        hi = "" if last else str(lo + rng.choice([7, 15, 31, 63]))
        bm, bn, bk = rng.choice(TILE_M), rng.choice(TILE_N), rng.choice(TILE_K)
        wm, wn, wk = rng.choice(WARPS), rng.choice(WARPS), rng.choice([1, 1, 1, 2, 4, 8])
        family = rng.random()
        if family < 0.3:  # warpgroup MMA: warpgroups along M and N only
            bm, bn, bk = rng.choice([64, 128, 192, 256, 16, 32]), rng.choice([64, 128, 256]), 64
            wm, wn, wk = rng.choice([1, 2]), rng.choice([1, 2]), 1
        elif family < 0.6:  # swapped mma.sync / lane queue: 8 or 16 rows
            bm, bn, bk = rng.choice([8, 16]), rng.choice([32, 64, 128, 256]), 64
            wm, wn, wk = 1, rng.choice([1, 2, 4]), rng.choice([1, 2, 4, 8])
        stages = rng.choice([1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 33])
        if last:
            split = "k1" if rng.random() < 0.85 else rng.choice(["k2", "sk", "kc2"])
        else:
            split = rng.choice(["k1", "k1", "k2", "k4", "k8", "kc2", "kc4", "sk", "k3",
                                "k16", "kc9", "kc3"])
        parts = ["%d-%s" % (lo, hi), "%dx%dx%d" % (bm, bn, bk),
                 "%dx%dx%d" % (wm, wn, wk), "s%d" % stages, split]
        if rng.random() < 0.9:  # the grammar's order
            if rng.random() < 0.2:
                parts.append(rng.choice(["c2", "c3", "c4", "c8"]))
            pipe = rng.choice(["", "", "wg", "wg", "ws", "sw", "sw", "rs",
                               "rs:pf4", "rq", "rq"])
            if pipe:
                parts.append(pipe)
            for flag, p in (("l1", 0.1), ("bf", 0.15)):
                if rng.random() < p:
                    parts.append(flag)
            if rng.random() < 0.2:
                parts.append(rng.choice(["i1", "i2", "i4", "i8"]))
        else:
            parts += rng.sample(FLAGS, rng.choice([1, 2, 3]))
        entries.append(":".join(parts))
        if not last:
            lo = int(hi) + 1
    return ",".join(entries)


def bits_of(weight):
    """Code width of a weight format name (the generator's own names)."""
    m = re.match(r"u?int(\d+)$", weight)
    if m:
        return int(m.group(1))
    if weight in ("e2m1", "fp4", "float4e2m1"):
        return 4
    if weight in ("e4m3", "e5m2", "e8m0"):
        return 8
    return int(re.match(r"float(\d+)", weight).group(1))


def consistent_scheme(rng, kv):
    """Scale, zero point and K that the scheme rules accept, so most cases
    reach the planner and the kernel builders instead of the spec checks."""
    w = kv["weight"]
    unsigned = w.startswith("uint")
    kv["scale"] = rng.choice(["channel", "group", "group", "none"])
    if bits_of(w) == 1 and not unsigned:
        kv["scale"] = "none"
    if kv["scale"] == "group":
        kv["group_size"] = str(rng.choice(GROUPS))
    # K: whole 32-bit words of codes and whole groups.
    unit = 32 * (int(kv.get("group_size", 1)) if kv["scale"] == "group" else 1)
    kv["k"] = str(unit * rng.choice([1, 2, 3, 5, 8, 13, 32, 64, 128, 130])
                  if unit <= 1024 else unit)
    if unsigned and kv["scale"] != "none" and rng.random() < 0.4:
        kv["zero_point"] = rng.choice(["integer", "float"])
    elif unsigned and rng.random() < 0.2:
        kv["implicit_zero"] = "0"


def random_spec(rng):
    kv = {}
    kv["n"] = str(rng.choice(DIMS))
    kv["k"] = str(rng.choice(DIMS))
    kv["weight"] = rng.choice(INT_WEIGHTS + INT_WEIGHTS + FLOAT_WEIGHTS)
    if rng.random() < 0.3:
        kv["activation"] = rng.choice(["float16", "bfloat16", "f16", "bf16"])
    if rng.random() < 0.2:
        kv["output"] = rng.choice(["float16", "bfloat16", "float32"])
    if rng.random() < 0.7:
        consistent_scheme(rng, kv)
    else:
        kv["scale"] = rng.choice(["channel", "group", "none"])
        if kv["scale"] == "group" or rng.random() < 0.05:
            kv["group_size"] = str(rng.choice(GROUPS))
        if rng.random() < 0.3:
            kv["zero_point"] = rng.choice(["none", "integer", "float"])
        if rng.random() < 0.2:
            kv["implicit_zero"] = rng.choice(["0", "1"])
    if rng.random() < 0.2:
        kv["scale_type"] = rng.choice(["float16", "bfloat16", "e8m0", "e4m3"])
    if rng.random() < 0.3:
        kv["bias"] = rng.choice(["0", "1"])
    kv["target"] = rng.choice(CHIPS + ARCHS + ["h200"] * 4 + ["sm_90a", "a100", "l40s"])
    if rng.random() < 0.04:  # past what 32-bit indices hold
        kv[rng.choice(["n", "k"])] = str(rng.choice(
            [2**30 + 32, 2**31, 2**32 + 64, 2**62, 262144 * 32768]))
    if rng.random() < 0.1:
        kv["sms"] = str(rng.choice([1, 7, 66, 132, 200, 2**31, 2**40]))
    if rng.random() < 0.05:
        kv["smem"] = str(rng.choice([49152, 101376, 166912, 232448, 1024, 2**40]))
    if rng.random() < 0.5:
        kv["dispatch"] = random_dispatch(rng)
    if rng.random() < 0.1:  # the malformed tenth
        key = rng.choice(sorted(BAD) + ["bogus_key", "dispatch"])
        if key == "bogus_key":
            kv["bogus_key"] = "1"
        elif key == "dispatch":
            kv["dispatch"] = rng.choice([
                "", "1-:", "2-:16x64x64:1x2x1:s3:k1", "1-8:16x64x64:1x2x1:s3:k1",
                "1-:16x64x64:1x2x1:s3:k4", "1-:0x64x64:1x2x1:s3:k1",
                "1-:16x64x64:0x2x1:s3:k1", "1-:16x64x64:1x2x1:s0:k1",
                "1-:16x64x64:1x2x1:s3:k1:zz", "1-8:16x64x64:1x2x1:s3:k1,8-:16x64x64:1x2x1:s3:k1",
                "1-:99999x64x64:1x2x1:s3:k1", "1-:16x64x64:64x64x64:s3:k1"])
        else:
            kv[key] = rng.choice(BAD[key])
    return " ".join("%s=%s" % (k, v) for k, v in kv.items())


# ---------------------------------------------------------------------------
# Module mutations (ir)
# ---------------------------------------------------------------------------

# Keywords of the dialect's attributes, each swapped for another of its set.
KEYWORD_SETS = [
    ["uint1", "uint2", "uint3", "uint4", "uint8", "int2", "int4", "int8",
     "e2m1", "e4m3", "e5m2", "f16", "bf16", "f32", "float6e3m2", "e8m0"],
    ["channel", "group", "none"],
    ["integer", "float", "none"],
    ["sm_75", "sm_80", "sm_86", "sm_89", "sm_90", "sm_90a", "sm_100a", "sm_120a"],
    ["mma_sync", "wgmma", "wgmma_ws"],
    ["split_k", "stream_k", "cluster"],
    ["true", "false"],
    ["f16", "bf16", "f32", "i32", "i8", "i64"],
]
INTEGERS = [0, 1, -1, 2, 3, 7, 8, 15, 16, 17, 24, 31, 32, 48, 64, 96, 100, 127,
            128, 255, 256, 1024, 4096, 65536, 2**31 - 1, 2**31, 2**32, -2**31,
            2**63 - 1]


def gemm_modules():
    """The humming.gemm modules of the lit tests (split-input-file chunks),
    without their comment lines."""
    mods = []
    for dirpath, _, files in os.walk(os.path.join(ROOT, "test")):
        for name in sorted(files):
            if not name.endswith(".mlir"):
                continue
            with open(os.path.join(dirpath, name)) as f:
                text = f.read()
            for chunk in text.split("// -----"):
                if "humming.gemm" not in chunk:
                    continue
                body = "\n".join(l for l in chunk.splitlines()
                                 if not l.lstrip().startswith("//"))
                mods.append((os.path.relpath(os.path.join(dirpath, name), ROOT), body))
    return sorted(mods)


def mutate(rng, text):
    """One random edit of a module's text; (text, what)."""
    if not text.strip():
        return text, "nothing left to edit"
    kind = rng.choice(["integer"] * 4 + ["keyword"] * 3 + ["field", "line", "truncate"])
    if kind == "integer":
        spots = [m for m in re.finditer(r"(?<![\w.#%@])-?\d+(?![\w.])", text)]
        if spots:
            m = rng.choice(spots)
            v = rng.choice(INTEGERS + [int(m.group()) * 2, int(m.group()) + 1,
                                       int(m.group()) // 2])
            return text[:m.start()] + str(v) + text[m.end():], \
                "integer %s -> %d" % (m.group(), v)
    if kind == "keyword":
        spots = [(m, ks) for ks in KEYWORD_SETS
                 for m in re.finditer(r"\b(%s)\b" % "|".join(ks), text)]
        if spots:
            m, ks = rng.choice(spots)
            v = rng.choice([k for k in ks if k != m.group()])
            return text[:m.start()] + v + text[m.end():], \
                "keyword %s -> %s" % (m.group(), v)
    if kind == "field":
        spots = list(re.finditer(r"\b\w+ = [^,<>\[\]{}]+(, )?", text))
        if spots:
            m = rng.choice(spots)
            return text[:m.start()] + text[m.end():], "dropped %r" % m.group()
    if kind == "line":
        lines = text.splitlines()
        i = rng.randrange(len(lines))
        if rng.random() < 0.5:
            return "\n".join(lines[:i] + lines[i + 1:]), "dropped line %d" % i
        return "\n".join(lines[:i + 1] + lines[i:]), "duplicated line %d" % i
    cut = rng.randrange(len(text))
    return text[:cut], "truncated at %d" % cut


def random_module(rng, modules):
    origin, text = rng.choice(modules)
    edits = []
    for _ in range(rng.choice([1, 1, 2, 3])):
        text, what = mutate(rng, text)
        edits.append(what)
    return {"origin": origin, "edits": edits, "text": text}


# ---------------------------------------------------------------------------
# Outcomes
# ---------------------------------------------------------------------------

CRASH_MARKERS = ("LLVM ERROR", "Assertion", "Stack dump", "PLEASE submit",
                 "terminate called", "Segmentation fault", "core dumped",
                 "UNREACHABLE", "Aborted")
ASSEMBLER_MARKERS = ("ptxas", "NVJITLINK_ERROR", "nvJitLink")
REFUSALS = ("HUMMING_ERROR_INVALID_ARGUMENT", "HUMMING_ERROR_UNSUPPORTED",
            "HUMMING_ERROR_COMPILE")


def crashed(rc, text, timed_out):
    """Why a process's end is a finding whatever the tool, or None."""
    if timed_out:
        return "time limit"
    for m in CRASH_MARKERS:
        if m in text:
            return "crash marker %r" % m
    if rc is not None and (rc < 0 or rc > 2):
        return "exit status %d" % rc
    return None


def classify_run(rc, out, err, timed_out):
    """humming-run: (compiled | refused | finding, detail)."""
    why = crashed(rc, out + err, timed_out)
    if why:
        return "finding", why
    if rc == 0:
        return "compiled", ""
    msg = next((l for l in err.splitlines() if l.startswith("humming-run: ")), "")
    if not msg:
        return "finding", "exit %d without a humming-run message" % rc
    code = next((c for c in REFUSALS if c in msg), None)
    if code is None:
        return "finding", "not a refusal: " + msg[:300]
    if code == "HUMMING_ERROR_COMPILE" and any(m in msg for m in ASSEMBLER_MARKERS):
        return "finding", "the assembler rejected accepted PTX: " + msg[:300]
    return "refused", code


def classify_opt(rc, out, err, timed_out):
    """humming-opt: (compiled | refused | finding, detail)."""
    why = crashed(rc, out + err, timed_out)
    if why:
        return "finding", why
    if rc == 0:
        return "compiled", ""
    if "error:" not in err:
        return "finding", "exit %d without a diagnostic" % rc
    return "refused", "diagnostic"


def execute(argv, env, timeout, stdin=None):
    """(rc, stdout, stderr, timed out); rc None on the time limit. The tool
    runs in its own session so that the time limit kills whatever it
    started too (a child holding the pipes would otherwise keep us waiting)."""
    p = subprocess.Popen(argv, env=env, stdin=subprocess.PIPE if stdin is not None
                         else subprocess.DEVNULL, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, text=True, start_new_session=True)
    try:
        out, err = p.communicate(stdin, timeout=timeout)
        return p.returncode, out, err, False
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, err = p.communicate()
        return None, out, err, True


def first_error(err, prefix):
    return next((l for l in err.splitlines() if prefix in l), "")[:500]


def run_spec(args, spec):
    with tempfile.TemporaryDirectory() as cache:
        env = dict(os.environ, HUMMING_CACHE_DIR=cache, HUMMING_COMPILE_THREADS="1")
        t0 = time.time()
        rc, out, err, to = execute([args.run, "--spec", spec, "--compile-only", "-q"],
                                   env, args.timeout)
        outcome, detail = classify_run(rc, out, err, to)
        if outcome != "finding":
            outcome, detail, err = check_agrees(args, spec, env, outcome, detail, err)
        return {"input": spec, "outcome": outcome, "detail": detail, "rc": rc,
                "seconds": round(time.time() - t0, 2),
                "message": first_error(err, "humming-run: "),
                "stderr_tail": err[-1500:] if outcome == "finding" else ""}


# What humming_spec_check must say where compiling said it: the same
# refusal for a spec refused before any code is generated, OK for one that
# compiled (refusals after code generation are not its to foresee).
CHECKED_REFUSALS = ("HUMMING_ERROR_INVALID_ARGUMENT", "HUMMING_ERROR_UNSUPPORTED")


def check_agrees(args, spec, env, outcome, detail, err):
    """The spec again through `humming-run --check-only` (compiling
    nothing): a crash, or a verdict other than the compile's, is a finding."""
    want = "OK" if outcome == "compiled" else detail
    if want != "OK" and want not in CHECKED_REFUSALS:
        return outcome, detail, err
    rc, out, cerr, to = execute([args.run, "--spec", spec, "--check-only"], env,
                                args.timeout)
    why = crashed(rc, out + cerr, to)
    if why:
        return "finding", "--check-only: " + why, cerr
    got = "OK" if rc == 0 else next((c for c in REFUSALS if c in cerr), "no refusal code")
    if got != want:
        return ("finding", "humming_spec_check says %s, compiling says %s" % (got, want),
                err + cerr)
    return outcome, detail, err


def run_module(args, case):
    """humming-opt: parse + verify + print, the printed module parsed again,
    then every pass down to PTX; then the runtime's IR path, `humming-run
    FILE --compile-only` (the first humming.gemm's whole table)."""
    t0 = time.time()
    text = case["text"]
    env = dict(os.environ)
    result = opt_module(args, case, env)
    if result[0] != "finding":
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "module.mlir")
            with open(path, "w") as f:
                f.write(text)
            argv = [args.run, path, "--compile-only", "-q"]
            if "humming.target" not in text:
                argv += ["--target", "h200"]
            run_env = dict(env, HUMMING_CACHE_DIR=os.path.join(tmp, "cache"),
                           HUMMING_COMPILE_THREADS="1")
            rc, out, err, to = execute(argv, run_env, args.timeout)
            outcome, detail = classify_run(rc, out, err, to)
            if outcome == "finding":
                result = ("finding", "humming-run: " + detail, rc, err)
    outcome, detail, rc, err = result
    result = {"input": "%s [%s]" % (case["origin"], "; ".join(case["edits"])),
              "outcome": outcome, "detail": detail, "rc": rc,
              "seconds": round(time.time() - t0, 2),
              "message": first_error(err, "error:"),
              "stderr_tail": err[-1500:] if outcome == "finding" else ""}
    if outcome == "finding" and args.keep:
        os.makedirs(args.keep, exist_ok=True)
        path = os.path.join(args.keep, "finding-%d.mlir" % case["index"])
        with open(path, "w") as f:
            f.write("// %s\n%s\n" % (result["input"], text))
        result["kept"] = path
    return result


def opt_module(args, case, env):
    """humming-opt's verdict on a module: (outcome, detail, rc, stderr)."""
    text = case["text"]
    rc, out, err, to = execute([args.opt, "-"], env, args.timeout, stdin=text)
    outcome, detail = classify_opt(rc, out, err, to)
    if outcome == "compiled":
        rc2, _, err2, to2 = execute([args.opt, "-"], env, args.timeout, stdin=out)
        o2, d2 = classify_opt(rc2, "", err2, to2)
        if o2 != "compiled":
            outcome, detail, err = "finding", "printed IR does not parse again: " + \
                (d2 if o2 == "finding" else first_error(err2, "error:")), err2
        else:
            entry = case.get("entry", 0)
            rc, out, err, to = execute(
                [args.opt, "-", "--humming-to-cubin=format=isa entry=%d" % entry,
                 "-o", os.devnull], env, args.timeout, stdin=text)
            outcome, detail = classify_opt(rc, out, err, to)
    return outcome, detail, rc, err


def main():
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("mode", choices=["specs", "ir"])
    ap.add_argument("--run", default=os.environ.get(
        "HUMMING_RUN", os.path.join(ROOT, "build", "bin", "humming-run")))
    ap.add_argument("--opt", default=os.environ.get(
        "HUMMING_OPT", os.path.join(ROOT, "build", "bin", "humming-opt")))
    ap.add_argument("--cases", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--timeout", type=float, default=300,
                    help="seconds per case before it counts as a hang")
    ap.add_argument("--replay", action="append", default=[],
                    help="run this input instead of random ones, unmutated "
                         "(repeatable): specs, a spec; ir, an .mlir file")
    ap.add_argument("--keep", help="ir: write each finding's module here")
    ap.add_argument("--json", help="write every case's outcome here")
    args = ap.parse_args()

    rng = random.Random(args.seed)
    if args.mode == "specs":
        cases = args.replay or [random_spec(rng) for _ in range(args.cases)]
        work = lambda c: run_spec(args, c)  # noqa: E731
    else:
        cases = []
        if args.replay:
            for path in args.replay:
                with open(path) as f:
                    cases.append({"origin": path, "edits": [], "text": f.read(),
                                  "entry": 0})
        else:
            modules = gemm_modules()
            for _ in range(args.cases):
                c = random_module(rng, modules)
                c["entry"] = rng.choice([0, 0, 0, 1, -1])
                cases.append(c)
        for i, c in enumerate(cases):
            c["index"] = i
        work = lambda c: run_module(args, c)  # noqa: E731
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for i, r in enumerate(pool.map(work, cases)):
            results.append(r)
            if r["outcome"] == "finding":
                print("FINDING %d: %s\n  input: %s%s\n  %s" % (
                    i, r["detail"], r["input"],
                    "\n  kept: " + r["kept"] if r.get("kept") else "",
                    r["stderr_tail"].strip().replace("\n", "\n  ")[-1200:]), flush=True)
    counts = {}
    for r in results:
        key = r["outcome"] if r["outcome"] != "refused" else "refused " + r["detail"]
        counts[key] = counts.get(key, 0) + 1
    print("fuzz %s: %d cases (seed %d): %s" % (
        args.mode, len(results), args.seed,
        ", ".join("%s %d" % (k, v) for k, v in sorted(counts.items()))))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"mode": args.mode, "seed": args.seed, "cases": len(results),
                       "counts": counts, "results": results}, f, indent=1)
    return 1 if counts.get("finding") else 0


if __name__ == "__main__":
    sys.exit(main())
