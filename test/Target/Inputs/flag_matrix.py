#!/usr/bin/env python3
"""Every dispatch-text option on every arch the runtime targets.

Compiles one small layer with a hand dispatch table per option on each chip
through scripts/fuzz.py's run_spec (humming-run --compile-only, empty cache,
its crash and refusal classification) and prints, per (chip, option), `ok`,
`refused: <the arch rule or other reason>` or `CRASH <fuzz.py's finding>`.
A refusal is the contract for an option the arch lacks (a clean error
before any code is generated); a crash never is (LLVM aborts the whole
process on intrinsics a target lacks: the register-stream L2 prefetch did
on sm_80 / 86 / 89 until 52c0c54).

  flag_matrix.py HUMMING_RUN
"""
import argparse
import concurrent.futures
import importlib.util
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
_spec = importlib.util.spec_from_file_location(
    "fuzz", os.path.join(HERE, "..", "..", "..", "scripts", "fuzz.py"))
fuzz = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(fuzz)

CHIPS = ["t4", "a100", "a10", "l40s", "h200", "b200", "rtx5090"]
# K = 2048: 8 rounds a warp in the register-stream tables, so prefetches
# land inside the unit (at K = 512 the builder folds them all away).
# The M >= 17 or 65 entry after each option's range: a plain mma.sync tile.
REST = "64x128x64:1x2x1:s4:k1"
OPTIONS = {
    "sw": "1-8:8x32x64:1x1x4:s3:k1:sw,9-:" + REST,
    "rs": "1-8:8x32x64:1x1x4:s3:k1:rs,9-:" + REST,
    "rs-pf": "1-8:8x32x64:1x1x4:s3:k1:rs:pf2,9-:" + REST,
    "rq": "1-8:8x32x64:1x1x4:s3:k1:rq,9-:" + REST,
    "c2": "1-16:16x64x64:1x2x1:s4:k1:c2,17-:" + REST,
    "l1": "1-16:16x64x64:1x2x1:s4:k1:l1,17-:" + REST,
    "bf": "1-16:16x64x64:1x2x1:s4:k1:bf,17-:" + REST,
    "i2": "1-16:16x64x64:1x2x1:s8:k1:i2,17-:" + REST,
    "k2": "1-16:16x64x64:1x2x1:s4:k2,17-:" + REST,
    "sk": "1-16:16x64x64:1x2x1:s4:sk,17-:" + REST,
    "kc2": "1-16:16x64x64:1x2x1:s4:kc2,17-:" + REST,
    "wg": "1-64:64x128x64:1x2x1:s6:k1:wg,65-:" + REST,
    "ws": "1-64:64x128x64:1x2x1:s6:k1:ws,65-:" + REST,
    "wg-4": "1-64:64x128x64:1x2x1:s6:k1:wg,65-:128x256x64:1x4x1:s4:k1:wg:i2",
}
LAYER = "n=256 k=2048 weight=uint4 activation=%s scale=group group_size=128"
# Turing has no bf16 MMA (sm_80+): its layer takes f16 activations.
ACTIVATION = {"t4": "float16"}


def compile_one(args, chip, option):
    layer = LAYER % ACTIVATION.get(chip, "bfloat16")
    r = fuzz.run_spec(args, "%s target=%s dispatch=%s" % (layer, chip, OPTIONS[option]))
    if r["outcome"] == "compiled":
        return "ok"
    if r["outcome"] == "refused":
        # The reason, after the entry it names.
        return "refused: " + r["message"].rsplit("): ", 1)[-1]
    return "CRASH %s %s" % (r["detail"], r["stderr_tail"].strip().splitlines()[-1:])


def main():
    args = argparse.Namespace(run=sys.argv[1], timeout=300)
    cells = [(c, o) for c in CHIPS for o in OPTIONS]
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        results = list(pool.map(lambda co: compile_one(args, *co), cells))
    for (chip, option), result in zip(cells, results):
        print("%s %s: %s" % (chip, option, result))


if __name__ == "__main__":
    main()
