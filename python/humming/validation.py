"""GPU correctness checks of compiled layers against the reference.

One check: quantize random unit-variance weights with the library's
quantizer (random codes, random positive scales), load them, run the layer on
random activations into a NaN-poisoned output, and compare every element
with the fp32 reference on the dequantized weights (A.float() @ W.T + bias,
computed with torch on the GPU from humming.dequantize_weights):
|c - ref| <= atol + rtol * |ref|, and no element left unwritten.

Used by python/tests/test_gpu_correctness.py and scripts/gpu-validate.py.
"""

import itertools
import math
import time
from typing import Any, Dict, Iterable, List, Optional

import numpy as np

from ._api import Layer, check_spec, dequantize_weights, quantize_weights
from ._errors import HummingError

RTOL = 0.05
ATOL = 0.1


def weight_formats() -> List[str]:
    """Every weight code format of 8 bits or fewer the format library knows:
    uintN, intN and floatNeXmY (0 or 1 sign bits)."""
    names = ["uint%d" % b for b in range(1, 9)] + ["int%d" % b for b in range(1, 9)]
    for n in range(2, 9):
        for x in range(0, n + 1):
            for y in range(0, n + 1):
                if n - x - y in (0, 1) and x + y > 0:
                    names.append("float%de%dm%d" % (n, x, y))
    return names


def spec_text(weight: str, activation: str, scale: str, group: Optional[int],
              zero_point: str, n: int, k: int, bias: bool, target: str) -> str:
    parts = ["n=%d" % n, "k=%d" % k, "weight=" + weight, "activation=" + activation,
             "scale=" + scale]
    if scale == "group":
        parts.append("group_size=%d" % group)
    parts += ["zero_point=" + zero_point, "bias=%d" % int(bias), "target=" + target]
    return " ".join(parts)


def is_legal(spec: str) -> bool:
    """Whether the library accepts the spec (scheme, pair and arch rules)."""
    try:
        check_spec(spec)
        return True
    except HummingError:
        return False


def matrix(activations: Iterable[str], scales: Iterable[Any],
           zero_points: Iterable[str], formats: Iterable[str], n: int, k: int,
           target: str, bias: bool = False) -> List[str]:
    """Every legal spec of the cross product. scales: "channel" or a group
    size."""
    out = []
    for act, sc, zp, fmt in itertools.product(activations, scales, zero_points, formats):
        scale, group = ("channel", None) if sc == "channel" else ("group", int(sc))
        s = spec_text(fmt, act, scale, group, zp, n, k, bias, target)
        if is_legal(s):
            out.append(s)
    return out


def _torch_dtype(torch: Any, name: str) -> Any:
    return {"float16": torch.float16, "bfloat16": torch.bfloat16}[name]


def _tile_rows(x: Optional[np.ndarray], period: int, n: int) -> Optional[np.ndarray]:
    """Rows 0..n-1 of x repeated with the given period (x has `period` rows)."""
    if x is None:
        return None
    return np.ascontiguousarray(np.take(x, np.arange(n) % period, axis=0))


def check_layer(layer: Layer, ms: Iterable[int], seed: int = 0,
                rtol: float = RTOL, atol: float = ATOL,
                row_period: Optional[int] = None) -> List[Dict[str, Any]]:
    """Runs the checks of the module docstring for each M; one dict per M.

    row_period: quantize (and dequantize for the reference) only that many
    output channels and repeat them along N. The library's quantizer and
    reference run on the CPU and dominate the suite's time at large N; a
    period that no tile size divides (1000) still gives every column of a
    64/128/256-wide tile, and every tile of N, different weights from its
    neighbours, and K is never repeated."""
    import torch

    spec = layer.spec
    info = dict(kv.split("=", 1) for kv in spec.split())
    n, k = int(info["n"]), int(info["k"])
    act = _torch_dtype(torch, info.get("activation", "float16"))
    out_t = _torch_dtype(torch, info.get("output", info.get("activation", "float16")))
    has_bias = info.get("bias", "0") == "1"
    gen = torch.Generator(device="cpu").manual_seed(seed)
    rows = n if not row_period or row_period >= n else row_period
    part = spec if rows == n else " ".join(
        ("n=%d" % rows) if kv.startswith("n=") else kv for kv in spec.split())
    w = torch.randn(rows, k, generator=gen, dtype=torch.float32)
    q = quantize_weights(w.numpy(), part)
    w_deq = torch.from_numpy(dequantize_weights(part, q["weight"], q["scale"],
                                                q["zero_point"])).cuda()
    if rows != n:
        q = {name: _tile_rows(v, rows, n) for name, v in q.items()}
        w_deq = w_deq[torch.arange(n, device="cuda") % rows]
    bias = None
    if has_bias:
        bias = torch.randn(n, generator=gen, dtype=torch.float32).to(out_t).cuda()
    # Half the layers load from torch CUDA tensors, half from host arrays:
    # both paths are the public API.
    if seed % 2 == 0:
        layer.load_weights(
            torch.from_numpy(q["weight"]).cuda(),
            None if q["scale"] is None else torch.from_numpy(q["scale"]).cuda(),
            None if q["zero_point"] is None else torch.from_numpy(q["zero_point"]).cuda(),
            bias)
    else:
        layer.load_weights(q["weight"], q["scale"], q["zero_point"],
                           None if bias is None else bias.cpu())
    results = []
    for m in ms:
        a = (torch.randn(m, k, generator=gen) / math.sqrt(k)).to(act).cuda()
        out = torch.full((m, n), float("nan"), dtype=out_t, device="cuda")
        t0 = time.perf_counter()
        layer.run(a, out)
        torch.cuda.synchronize()
        elapsed = time.perf_counter() - t0
        ref = a.float() @ w_deq.t()
        if bias is not None:
            ref += bias.float()
        got = out.float()
        unwritten = int(torch.isnan(got).sum().item())
        err = (got - ref).abs()
        tol = atol + rtol * ref.abs()
        bad = int((~(err <= tol)).sum().item())
        results.append({
            "spec": spec, "m": m, "row_period": rows if rows != n else None, "pass": unwritten == 0 and bad == 0,
            "unwritten": unwritten, "mismatches": bad,
            "max_abs_err": float(torch.nan_to_num(err, nan=1e30).max().item()),
            "max_ref": float(ref.abs().max().item()),
            "seconds": elapsed,
        })
    return results


def repack_paths_agree(layer: Layer, m: int = 33, seed: int = 0) -> bool:
    """Loads the same weights once from host arrays (CPU repack) and once
    from CUDA tensors (GPU repack) and runs the same activations: the outputs
    must be bit-identical (the two repacks must produce the same bytes)."""
    import torch

    info = dict(kv.split("=", 1) for kv in layer.spec.split())
    n, k = int(info["n"]), int(info["k"])
    act = _torch_dtype(torch, info.get("activation", "float16"))
    gen = torch.Generator(device="cpu").manual_seed(seed)
    q = quantize_weights(torch.randn(n, k, generator=gen).numpy(), layer.spec)
    bias = None
    if info.get("bias", "0") == "1":
        out_t = _torch_dtype(torch, info.get("output", info.get("activation", "float16")))
        bias = torch.randn(n, generator=gen).to(out_t)
    a = (torch.randn(m, k, generator=gen) / math.sqrt(k)).to(act).cuda()
    layer.load_weights(q["weight"], q["scale"], q["zero_point"], bias)
    host = layer.run(a)
    cuda = lambda x: None if x is None else torch.from_numpy(x).cuda()  # noqa: E731
    layer.load_weights(cuda(q["weight"]), cuda(q["scale"]), cuda(q["zero_point"]),
                       None if bias is None else bias.cuda())
    dev = layer.run(a)
    torch.cuda.synchronize()
    return bool(torch.equal(host, dev))
