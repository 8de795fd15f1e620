#!/usr/bin/env python3
"""The measured floor: how long a plain streaming read of a layer's weight
bytes takes on this GPU, timed exactly like the GEMMs (bench/gemm_bench.py:
cold L2 by the same flush before every call, kernel-only profiler time,
median). ANCHORS.md's floor is bytes / 4.3 TB/s, which no kernel of a few
microseconds reaches: the launch, the first bytes' latency and the last
SM's tail are in every kernel's time. This script measures that floor with
read-only kernels that do nothing else, so NOTES.md can say how far each
GEMM is from what the memory system gives a kernel of that size.

    python3 bench/read_floor.py [--bytes 8388608,33554432] [--out DIR]

Readers (the best median per size is the floor): Triton kernels in which
each program reads one contiguous chunk with 16-byte loads (grid and block
swept), and torch's own sum (its reduction kernel, tuned for bandwidth).
"""
import argparse
import ctypes
import functools
import json
import os
from statistics import median
import sys

import torch
import triton
import triton.language as tl

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gemm_bench as gb  # noqa: E402  (the flush and the profiler timing)


@triton.jit
def _read_chunks(x_ptr, out_ptr, n, chunk, BLOCK: tl.constexpr, UNROLL: tl.constexpr):
    """Program p XORs the int32 words [p * chunk, (p + 1) * chunk) and
    writes one word per lane (so the loads cannot be dropped). Each step
    issues UNROLL independent BLOCK loads before using any: the bytes in
    flight per program are UNROLL * BLOCK * 4."""
    pid = tl.program_id(0)
    start = pid * chunk
    offs = tl.arange(0, BLOCK)
    acc = tl.zeros([BLOCK], dtype=tl.int32)
    for i in range(start, start + chunk, BLOCK * UNROLL):
        for u in tl.static_range(UNROLL):
            idx = i + u * BLOCK + offs
            acc ^= tl.load(x_ptr + idx, mask=idx < n, other=0, cache_modifier=".cg")
    tl.store(out_ptr + pid * BLOCK + offs, acc)


def triton_reader(x, programs, block, warps, unroll):
    n = x.numel()
    chunk = -(-n // programs)
    chunk = -(-chunk // (block * unroll)) * block * unroll
    out = torch.empty(programs * block, dtype=torch.int32, device=x.device)
    return lambda: _read_chunks[(programs,)](x, out, n, chunk, BLOCK=block, UNROLL=unroll,
                                             num_warps=warps)


class _AccessPolicyWindow(ctypes.Structure):
    # cudaAccessPolicyWindow inside cudaStreamAttrValue (a 64-byte union).
    _fields_ = [("base_ptr", ctypes.c_void_p), ("num_bytes", ctypes.c_size_t),
                ("hit_ratio", ctypes.c_float), ("hit_prop", ctypes.c_int),
                ("miss_prop", ctypes.c_int), ("pad", ctypes.c_char * 36)]


@functools.lru_cache(maxsize=None)
def _cudart():
    """The CUDA runtime library torch loaded (same context, same streams);
    looked up once, not on every timed call."""
    with open("/proc/self/maps") as f:
        for line in f:
            path = line.split()[-1]
            if "libcudart.so" in path:
                return ctypes.CDLL(path)
    raise RuntimeError("libcudart is not loaded in this process")


def set_streaming_window(x):
    """The access-policy window our runtime gives the kernels that read each
    weight byte once (lib/Runtime/Layer.cpp): the bytes of x streaming on a
    hit, normal on a miss, on the current stream; x None clears it."""
    rt = _cudart()
    win = _AccessPolicyWindow()
    if x is not None:
        win.base_ptr = x.data_ptr()
        win.num_bytes = min(x.numel() * x.element_size(),
                                128 << 20)  # the H200's maximum window
        win.hit_ratio = 1.0
        win.hit_prop = 1  # cudaAccessPropertyStreaming
        win.miss_prop = 0  # cudaAccessPropertyNormal
    stream = ctypes.c_void_p(torch.cuda.current_stream().cuda_stream)
    err = rt.cudaStreamSetAttribute(stream, 1, ctypes.byref(win))  # AccessPolicyWindow
    if err != 0:
        raise RuntimeError("cudaStreamSetAttribute: error %d" % err)


def fastest(med, keep):
    """(name, median) of the fastest reader whose name `keep` accepts."""
    name = min((n for n in med if keep(n)), key=med.get)
    return name, med[name]


def readers(x, sms, programs=()):
    """torch's sum and the Triton readers at 1, 2 and 4 programs per SM, or
    at the given program counts (e.g. 128 against 132: what leaving 4 of
    132 SMs idle costs a reader of these bytes)."""
    # torch's float sum (the values' bits do not matter to the timing).
    out = {"torch-sum": lambda: x.view(torch.float32).sum()}
    grids = [("g%d" % p, p) for p in programs] or \
        [("p%dxSM" % per_sm, per_sm * sms) for per_sm in (1, 2, 4)]
    for name, grid in grids:
        for block, warps in ((2048, 4), (4096, 8)):
            for unroll in (2, 4, 8):
                out["triton-%s-b%d-w%d-u%d" % (name, block, warps, unroll)] = \
                    triton_reader(x, grid, block, warps, unroll)
    return out


def staged_readers(x, lib_path, windows=(), only=None, runs=8):
    """bench/copy_probe.cu's readers from its shared library: the stream
    staged through shared memory by per-thread cp.async ("ldgsts") or bulk
    copies ("bulk", "bulk_ef": evict-first), S stages of B bytes, 256
    threads per CTA, and its 16-byte-load reader ("ldg"), at 128 and 256
    CTAs (one or two per SM on 128 SMs); the cp.async copies with an L2
    prefetch size ("ldgsts_pf128" / "_pf256"), in the striped order over 1
    and `windows` groups of CTAs ("ldgsts_striped*"), and our kernels' own
    pipeline ("piped", over regions and over rows of `runs` stages). `only`:
    just these (kind, stages, stage_bytes). Only the configurations whose
    per-CTA bytes are a whole number of stages."""
    lib = ctypes.CDLL(lib_path)
    lib.copy_probe_launch.argtypes = [ctypes.c_int, ctypes.c_int, ctypes.c_int, ctypes.c_void_p,
                                      ctypes.c_size_t, ctypes.c_int, ctypes.c_void_p,
                                      ctypes.c_void_p, ctypes.c_int, ctypes.c_int]
    sink = torch.zeros(1, dtype=torch.int32, device=x.device)
    nbytes = x.numel() * x.element_size()
    kinds = {"ldg": 0, "ldgsts": 1, "bulk": 2, "bulk_ef": 3, "ldgsts_pf128": 4,
             "ldgsts_pf256": 5, "ldgsts_striped": 6, "ldgsts_striped_pf256": 7, "piped": 8}

    def reader(kind, stages, stage_bytes, grid, windows=1, runs=0):
        def call():
            err = lib.copy_probe_launch(kinds[kind], stages, stage_bytes, x.data_ptr(), nbytes,
                                        grid, sink.data_ptr(),
                                        torch.cuda.current_stream().cuda_stream, windows, runs)
            if err:
                raise RuntimeError("copy_probe_launch(%s): CUDA error %d" % (kind, err))
        return call

    out = {}
    configs = only or (
        [("ldg", 0, 0)] + [("ldgsts", s, b) for s, b in
                           ((8, 4096), (8, 8192), (4, 16384), (6, 16384), (8, 16384),
                            (4, 32768), (6, 32768))] +
        [("bulk", 8, 8192), ("bulk", 4, 16384), ("bulk", 8, 16384), ("bulk_ef", 8, 16384)] +
        # The copies' L2 prefetch size and the CTAs' read order (session
        # t), at the best staging of section 35 and at our 1..8-row
        # kernel's (8 stages of 4 KB of codes at 2 CTAs per SM).
        [(kind, s, b) for kind in ("ldgsts_pf128", "ldgsts_pf256", "ldgsts_striped",
                                   "ldgsts_striped_pf256")
         for s, b in ((8, 4096), (8, 8192), (6, 16384), (4, 32768))])
    for grid in (128, 256):
        for kind, stages, stage_bytes in configs:
            if kind != "ldg" and (nbytes % grid or (nbytes // grid) % stage_bytes):
                continue
            if stages * stage_bytes * (grid // 128) > 220 * 1024:
                continue
            name = "%s-g%d" % (kind, grid) + ("-s%dx%d" % (stages, stage_bytes) if stages else "")
            out[name] = reader(kind, stages, stage_bytes, grid)
            # Our pipeline over weights laid out in rows of `runs` stages
            # per CTA, the CTAs of a window side by side in a row.
            if kind == "piped":
                for w in [1] + list(windows):
                    out["%s-runs%d-w%d" % (name, runs, w)] = \
                        reader(kind, stages, stage_bytes, grid, w, runs)
            # Striped over as many windows as our grids have K splits (the
            # CTAs of one window read one k-block row of a [k-block][tile]
            # layout together).
            if kind.startswith("ldgsts_striped"):
                for w in windows:
                    out[name.replace("striped", "striped%d" % w)] = \
                        reader(kind, stages, stage_bytes, grid, w)
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bytes", default="8388608,22544384,33554432,58720256,67108864",
                    help="sizes to read (default: the int4 weights of the benchmark's "
                         "shapes and the int8 weights of 8192 x 8192)")
    ap.add_argument("--reps", type=int, default=30)
    ap.add_argument("--flush", choices=("write", "read", "none"), default="write",
                    help="L2 eviction before each call (gemm_bench.py's); none: the bytes "
                         "that fit stay in L2 (every reader reads the same buffer), the "
                         "hot-L2 read floor")
    ap.add_argument("--window", action="store_true",
                    help="also time every reader with a streaming L2 access-policy window "
                         "over its bytes (what our runtime sets for the kernels that read "
                         "each weight byte once); names get a '+win' suffix")
    ap.add_argument("--staged", metavar="LIB",
                    help="also time bench/copy_probe.cu's staged readers from this shared "
                         "library (see the build line there)")
    ap.add_argument("--windows", default="",
                    help="also time the striped staged readers over these numbers of "
                         "windows (comma-separated; 1 window is the plain striped reader)")
    ap.add_argument("--staged-configs", default="",
                    help="time only these staged readers: kind:stages:stage_bytes, "
                         "comma-separated (each at 128 and 256 CTAs where it fits)")
    ap.add_argument("--runs", type=int, default=8,
                    help="stages per run of the 'piped' readers' row layout")
    ap.add_argument("--staged-only", action="store_true",
                    help="time only the staged readers of --staged (no Triton or torch readers)")
    ap.add_argument("--programs", default="",
                    help="the Triton readers' program counts, comma-separated (default "
                         "1, 2 and 4 per SM); e.g. 128,132 for 4 idle SMs against none")
    ap.add_argument("--out")
    args = ap.parse_args()
    programs = [int(p) for p in args.programs.split(",") if p]
    sms = torch.cuda.get_device_properties(0).multi_processor_count
    flush = gb.make_flush(args.flush)
    flush_names = gb.flush_kernel_names(flush)
    result = {"gpu": torch.cuda.get_device_name(), "flush": args.flush, "reps": args.reps,
              "clocks_before": gb.gpu_clocks(), "sizes": []}
    for nbytes in (int(b) for b in args.bytes.split(",")):
        x = torch.randint(-2**31, 2**31 - 1, (nbytes // 4,), dtype=torch.int32, device="cuda")
        fns = {} if args.staged_only else readers(x, sms, programs)
        if args.staged:
            only = [(k, int(st), int(b)) for k, st, b in
                    (c.split(":") for c in args.staged_configs.split(",") if c)]
            fns.update(staged_readers(x, args.staged,
                                      [int(w) for w in args.windows.split(",") if w], only,
                                      args.runs))
        if args.window:
            def windowed(fn, x=x):
                def call():
                    set_streaming_window(x)
                    fn()
                    set_streaming_window(None)
                return call
            fns.update({n + "+win": windowed(f) for n, f in list(fns.items())})
        for fn in fns.values():  # compile and warm up outside the timing
            fn()
        torch.cuda.synchronize()
        names = list(fns) * args.reps  # interleaved, like the GEMM benchmark
        per_call = gb.profile_calls([fns[n] for n in names], flush, flush_names)
        times = {}
        for name, t in zip(names, per_call):
            times.setdefault(name, []).append(t)
        med = {name: median(ts) for name, ts in times.items()}
        best, _ = fastest(med, lambda n: not n.endswith("+win"))
        row = {"bytes": nbytes, "best": best, "us": med[best],
               "tb_per_s": nbytes / med[best] / 1e6, "all_us": med}
        print("%10d B  floor %.2f us (%.2f TB/s, %s); torch-sum %s us" % (
            nbytes, med[best], row["tb_per_s"], best,
            "%.2f" % med["torch-sum"] if "torch-sum" in med else "-"), flush=True)
        if args.window:
            wbest, wus = fastest(med, lambda n: n.endswith("+win"))
            row.update({"best_window": wbest, "us_window": wus})
            print("%10d B  with the streaming window %.2f us (%.2f TB/s, %s)" % (
                nbytes, wus, nbytes / wus / 1e6, wbest), flush=True)
        for p in programs:
            for suffix in ("", "+win") if args.window else ("",):
                gbest, gus = fastest(med, lambda n: n.startswith("triton-g%d-" % p)
                                     and n.endswith("+win") == (suffix == "+win"))
                row.setdefault("best_per_grid", {})["%d%s" % (p, suffix)] = [gbest, gus]
                print("%10d B  %4d programs%s: %.2f us (%s)" % (
                    nbytes, p, " with the window" if suffix else "", gus, gbest),
                    flush=True)
        result["sizes"].append(row)
    result["clocks_after"] = gb.gpu_clocks()
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        with open(os.path.join(args.out, "read-floor.json"), "w") as f:
            json.dump(result, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
