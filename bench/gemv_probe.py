#!/usr/bin/env python3
"""bench/gemv_probe.cu's register-streamed 4-bit GEMM (1..16 rows) against
our kernel, timed like the GEMMs (bench/gemm_bench.py: the gate against the
fp32 reference first, then kernel-only profiler time after a 256 MB write
flush, calls interleaved, median), the probe with the streaming L2 window
our runtime sets (bench/read_floor.py). W4A16 int4, channel scale.

    python3 bench/gemv_probe.py --lib gemv_probe.so [--shapes 8192x8192] \
        [--ms 1,4,8] [--configs 0,1,...] [--reps 20] [--out DIR]

Each configuration is also timed without its math ("-nomath": the same
loads, XORed), the stream of that access pattern alone.
"""
import argparse
import ctypes
import json
import os
from statistics import median
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gemm_bench as gb  # noqa: E402
from read_floor import set_streaming_window  # noqa: E402

CONFIGS = {0: "w8-t2-d4-nc", 1: "w8-t2-d4-ef", 2: "w8-t2-d4-cs", 3: "w4-t2-d8-ef",
           4: "w16-t2-d2-ef", 5: "w8-t1-d4-ef", 6: "w8-t1-d8-ef", 7: "w16-t1-d4-ef",
           8: "w4-t4-d4-ef", 9: "w8-t4-d2-ef",
           # two accumulator chains (a2), CTAs per SM in the launch bound
           # (b2..b4), persistent (p)
           10: "w16-t2-d2-a2", 11: "w16-t2-d2-a2-b2", 12: "w16-t1-d2-a2-b2",
           13: "w8-t2-d2-a2-b4", 14: "w8-t1-d4-a2-b3", 15: "w16-t2-d2-a2-b2-p",
           16: "w16-t1-d2-a2-b2-p", 17: "w8-t2-d2-a2-b4-p", 18: "w8-t1-d4-a2-b3-p",
           19: "w16-t2-d2-a2-p"}


def pack_codes(q, tiles):
    """The probe's weight words (see gemv_probe.cu): [N / (16 tiles)][K / 64]
    [tiles][32 lanes][4 words], lane = 4 g + t; word j holds rows g and
    g + 8 of the tile at k = 64 c + 16 t + 4 j + e, e = 0..3, nibble
    h + 2 perm(e) (h: 0 row g, 1 row g + 8; perm = 0, 2, 1, 3)."""
    n, k = q.shape
    u = (q + 8).to(torch.int64).view(n // (16 * tiles), tiles, 2, 8, k // 64, 4, 4, 4)
    perm = torch.tensor([0, 2, 1, 3], device=q.device)
    shift = 4 * (torch.arange(2, device=q.device).view(2, 1) + 2 * perm.view(1, 4))  # [h][e]
    words = (u << shift.view(1, 1, 2, 1, 1, 1, 1, 4)).sum(dim=(2, 7))  # [ct, tile, g, c, t, j]
    words = words.permute(0, 3, 1, 2, 4, 5).contiguous()  # [ct, c, tile, g, t, j]
    words = torch.where(words >= 2**31, words - 2**32, words)
    return words.to(torch.int32).view(-1)


def gate_of(c, ref):
    """gemm_bench's correctness gate on one output: within its tolerance of
    the fp32 reference everywhere, and no NaN left of the poison."""
    c = c.float()
    err = (c - ref).abs()
    ok = bool((err <= gb.ATOL + gb.RTOL * ref.abs()).all().item()) and \
        not torch.isnan(c).any().item()
    return {"pass": ok, "max_abs_err": float(err.max().item())}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--lib", required=True)
    ap.add_argument("--shapes", default="8192x8192,4096x4096,28672x4096,11008x4096,4096x11008")
    ap.add_argument("--ms", default="1,4,8")
    ap.add_argument("--configs", default=",".join(str(c) for c in CONFIGS))
    ap.add_argument("--reps", type=int, default=20)
    ap.add_argument("--sweeps", type=int, default=2)
    ap.add_argument("--out")
    args = ap.parse_args()
    lib = ctypes.CDLL(args.lib)
    lib.gemv_probe_launch.argtypes = [ctypes.c_int, ctypes.c_int] + [ctypes.c_void_p] * 4 + \
        [ctypes.c_int] * 3 + [ctypes.c_void_p]
    lib.gemv_probe_tile_columns.argtypes = [ctypes.c_int]
    flush = gb.make_flush("write")
    flush_names = gb.flush_kernel_names(flush)
    ms = [int(m) for m in args.ms.split(",")]
    configs = [int(c) for c in args.configs.split(",")]
    result = {"gpu": torch.cuda.get_device_name(), "clocks_before": gb.gpu_clocks(),
              "method": "write flush, kernel-only profiler time, median over reps x sweeps, "
                        "interleaved; probe with the streaming window", "shapes": []}
    for shape in args.shapes.split(","):
        n, k = (int(x) for x in shape.split("x"))
        d = gb.CaseData("w4a16-int4-channel", n, k, seed=n * 31 + k)
        scale = d.s.reshape(-1).contiguous()
        fns, gate = {}, {}
        ours = gb.make_humming(d, 1)
        acts = {m: d.activation(m, seed=m) for m in ms}
        refs = {m: acts[m].float() @ d.w.t() for m in ms}
        for m in ms:
            fns["ours-m%d" % m] = lambda a=acts[m], f=ours.fns[0]: f(a)
        packed = {}
        for cfg in configs:
            cols = lib.gemv_probe_tile_columns(cfg)
            if n % cols:
                continue
            tiles = cols // 16
            if tiles not in packed:
                packed[tiles] = pack_codes(d.q, tiles)
            codes = packed[tiles]
            for m in ms:
                out = torch.empty(m, n, dtype=torch.float16, device="cuda")

                def call(cfg=cfg, m=m, out=out, codes=codes, nomath=0):
                    set_streaming_window(codes)
                    err = lib.gemv_probe_launch(cfg, nomath, codes.data_ptr(),
                                                acts[m].data_ptr(), scale.data_ptr(),
                                                out.data_ptr(), m, n, k,
                                                torch.cuda.current_stream().cuda_stream)
                    set_streaming_window(None)
                    if err:
                        raise RuntimeError("gemv_probe_launch(%d): CUDA error %d" % (cfg, err))
                    return out
                name = "probe-%s-m%d" % (CONFIGS[cfg], m)
                out.fill_(float("nan"))  # poisoned: every element must be written
                gate[name] = gate_of(call(), refs[m])
                if not gate[name]["pass"]:
                    print("GATE FAILED", shape, name, gate[name], flush=True)
                    continue
                fns[name] = call
                if m == ms[0]:
                    fns["probe-%s-nomath" % CONFIGS[cfg]] = \
                        lambda call=call: call(nomath=1)
        for m in ms:  # our kernel through the same gate
            gate["ours-m%d" % m] = gate_of(fns["ours-m%d" % m](), refs[m])
        for fn in fns.values():
            fn()
        torch.cuda.synchronize()
        times = {}
        for sweep in range(args.sweeps):
            names = list(fns) * args.reps
            per_call = gb.profile_calls([fns[x] for x in names], flush, flush_names)
            for x, t in zip(names, per_call):
                times.setdefault(x, [[] for _ in range(args.sweeps)])[sweep].append(t)
        row = {"n": n, "k": k, "gate": gate,
               "us": {x: median([t for s in ts for t in s]) for x, ts in times.items()},
               "us_sweeps": {x: [median(s) for s in ts] for x, ts in times.items()}}
        result["shapes"].append(row)
        print("== %s" % shape, flush=True)
        for x in sorted(row["us"], key=lambda x: (x.split("-m")[-1], row["us"][x])):
            print("  %-28s %7.2f us  sweeps %s" % (x, row["us"][x], " / ".join(
                "%.2f" % s for s in row["us_sweeps"][x])), flush=True)
    result["clocks_after"] = gb.gpu_clocks()
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        with open(os.path.join(args.out, "gemv-probe.json"), "w") as f:
            json.dump(result, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
