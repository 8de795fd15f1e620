#!/usr/bin/env python3
"""Humming (the peer, peers/humming-src) on its own: its quantizer, its
dequantizer as the reference, its layer at the default heuristics. Tells a
fault of Humming's on this image from a fault of our harness's adapter
(bench/gemm_bench.py, _make_humming_peer_schema). Prints one line per
(case, shape, M) with the max error against its own reference."""
import os
import sys
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", ".."))
import gemm_bench as gb  # noqa: E402

peers = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else "peers")
peer = gb.humming_peer_module(peers)
if isinstance(peer, str):
    sys.exit("humming not importable: " + peer)
from humming import dtypes  # noqa: E402
from humming.layer import HummingLayer  # noqa: E402
from humming.utils.weight import dequantize_weight, quantize_weight  # noqa: E402

torch.manual_seed(0)
for bits, group in ((4, 0), (4, 128), (8, 0)):
    n = k = 4096
    w = torch.randn(n, k, device="cuda", dtype=torch.float16)
    dt = dtypes.DataType.from_str("uint%d" % bits)
    q, s, z, g = quantize_weight(w, dt, dtypes.float16, group, pack=True)
    ref_w = dequantize_weight(q, s, z, g, dt, packed=True).half()
    layer = HummingLayer(shape_n=n, shape_k=k, weight_config={"dtype": "uint%d" % bits,
                         "group_size": group}, torch_dtype=torch.float16).cuda()
    layer.load_from_tensors({"weight": q, "weight_scale": s})
    layer.transform()
    for m in (1, 16, 64, 128):
        x = torch.randn(m, k, device="cuda", dtype=torch.float16) / 64
        t = time.time()
        out = layer(x)
        torch.cuda.synchronize()
        ref = (x.float() @ ref_w.float().T)
        err = (out.float() - ref).abs().max().item()
        print("uint%d g%d %dx%d M=%d: max err %.4g (|ref| max %.3g), nan %d, first call %.1f s"
              % (bits, group, n, k, m, err, ref.abs().max().item(),
                 int(torch.isnan(out).sum().item()), time.time() - t), flush=True)
