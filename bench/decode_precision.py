#!/usr/bin/env python3
"""Output error of a layer's kernels against an fp64 reference, by the mean
of the activations (GPU machine).

The subnormal decode (dispatch `:sn`) accumulates sum(c * a) over the raw
codes c and takes the implicit zero's share z * sum(a) off at the end, so
its fp32 accumulators hold larger values than the magic-number decode's
sum((c - z) * a) when the activations' mean is not zero. This measures what
that costs: for each activation mean (in units of the activations' standard
deviation) and M, the planner's kernels and each variant's run on the same
weights and activations, and the errors against the fp64 product of the
dequantized weights are reported beside the error of rounding that exact
product to the output type (the floor no kernel can beat).

    python3 bench/decode_precision.py --spec "n=8192 k=8192 weight=int4 \\
        scale=channel target=h200" --variant "sn=dispatch=..." \\
        --ms 1,16 --means 0,1,4 --json out.json
"""
import argparse
import json
import math
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "python"))
import humming  # noqa: E402
from humming import dequantize_weights, quantize_weights  # noqa: E402


def errors(got, ref):
    d = (got.double() - ref).abs()
    scale = ref.abs().max().item()
    rms = ref.pow(2).mean().sqrt().item()
    return {"max_rel": d.max().item() / scale,
            "rms_rel": d.pow(2).mean().sqrt().item() / rms}


def main():
    import torch
    ap = argparse.ArgumentParser()
    ap.add_argument("--spec", required=True)
    ap.add_argument("--variant", action="append", default=[],
                    help="NAME=<spec additions>, e.g. sn=dispatch=...")
    ap.add_argument("--ms", default="1,16")
    ap.add_argument("--means", default="0,1,4")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json")
    args = ap.parse_args()
    info = dict(kv.split("=", 1) for kv in args.spec.split())
    n, k = int(info["n"]), int(info["k"])
    layers = {"planner": humming.Layer(args.spec)}
    for v in args.variant:
        name, extra = v.split("=", 1)
        layers[name] = humming.Layer(args.spec + " " + extra)
    gen = torch.Generator(device="cpu").manual_seed(args.seed)
    w = torch.randn(n, k, generator=gen, dtype=torch.float32)
    q = quantize_weights(w.numpy(), args.spec)
    w_deq = torch.from_numpy(dequantize_weights(args.spec, q["weight"], q["scale"],
                                                q["zero_point"])).cuda().double()
    for layer in layers.values():
        layer.load_weights(q["weight"], q["scale"], q["zero_point"], None)
    rows = []
    for mean in [float(x) for x in args.means.split(",")]:
        for m in [int(x) for x in args.ms.split(",")]:
            a = ((torch.randn(m, k, generator=gen) + mean) / math.sqrt(k)).half().cuda()
            ref = a.double() @ w_deq.t()
            row = {"mean": mean, "m": m,
                   "output_rounding": errors(ref.half(), ref)}
            for name, layer in layers.items():
                out = torch.full((m, n), float("nan"), dtype=torch.float16, device="cuda")
                layer.run(a, out)
                torch.cuda.synchronize()
                row[name] = errors(out, ref)
            rows.append(row)
            print("mean %4.1f M %3d  fp16 rounding max %.2e rms %.2e  " % (
                mean, m, row["output_rounding"]["max_rel"], row["output_rounding"]["rms_rel"])
                + "  ".join("%s max %.2e rms %.2e" % (nm, row[nm]["max_rel"], row[nm]["rms_rel"])
                            for nm in layers), flush=True)
    if args.json:
        with open(args.json, "w") as f:
            json.dump({"spec": args.spec, "variants": args.variant, "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()
