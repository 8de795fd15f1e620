"""Does Humming (the peer, imported from peers/humming-src) pass its own
README example on this machine? Its weights and reference come from its own
generate_random_weight, so a failure here is Humming's (or this
environment's), not our harness's data conversion. Run on the GPU machine
from the repository root, after bench/gemm_bench.py set Humming up once:
    python3 bench/results/h200/2026-11-30-session-d/humming_selfcheck.py N K GROUP MMA
(one configuration per process: a CUDA fault ends the process's context).
"""
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.getcwd(), "bench"))
import gemm_bench as gb  # noqa: E402

peer = gb.humming_peer_module(os.path.abspath("peers"))
if isinstance(peer, str):
    sys.exit("humming not importable: " + peer)
from humming import dtypes  # noqa: E402
from humming.layer import HummingLayer  # noqa: E402
from humming.utils.test import generate_random_inputs, generate_random_weight  # noqa: E402

n, k, group = (int(x) for x in sys.argv[1:4])
for mma in sys.argv[4:5]:
        try:
            layer = HummingLayer(shape_n=n, shape_k=k, a_dtype=dtypes.float16,
                                 b_dtype=dtypes.uint4, c_dtype=dtypes.float16,
                                 bs_dtype=dtypes.float16, weight_scale_group_size=group,
                                 mma_type=mma).cuda()
            _, w_ref, w, s, _, _ = generate_random_weight(
                n=n, k=k, group_size=group, dtype=dtypes.uint4, scale_dtype=dtypes.float16)
            layer.load_weight(weight=w, weight_scale=s)
            layer.finish_load()
            for m in (1, 16, 64):
                _, a_ref, a, _ = generate_random_inputs(m, k, dtype=dtypes.float16)
                out = layer(inputs=a).float()
                ref = a_ref.float() @ w_ref.float().T
                err = (out - ref).abs().max().item()
                ok = torch.allclose(out, ref, atol=0.1, rtol=0.01)
                print("humming own example n=%d k=%d group=%d mma=%s M=%d: max|err| %.4g %s"
                      % (n, k, group, mma, m, err, "PASS" if ok else "FAIL"), flush=True)
        except Exception as e:  # noqa: BLE001
            print("humming own example n=%d k=%d group=%d mma=%s: error %r"
                  % (n, k, group, mma, e), flush=True)
