#!/usr/bin/env python3
"""Small-batch quantized GEMM benchmark: Humming-MLIR against its peers, by
the method of ANCHORS.md (see bench/README.md).

    python3 bench/gemm_bench.py --out bench/results/h200 [--quick]

For each case (W4A16 int4 channel, W4A16 int4 group 128, W8A16 int8
channel) and each (N, K), every implementation first passes a correctness
gate (its output against the fp32 reference on the dequantized weights, at
every M, from random codes and random positive scales), then is timed:
  * primary: kernel-only time per call from the torch profiler (CUDA kernel
    and memset durations, launch gaps excluded), each call preceded by a
    256 MB write that evicts L2, calls of all implementations and M
    interleaved, median over --reps calls, the calls of a cell rotating over
    --placements copies of the weights; the whole sweep runs twice and the
    spread between sweeps is reported;
  * secondary (M <= 64): CUDA-graph steady state, a captured sequence of
    calls cycling over enough weight copies to exceed 2 x L2, replayed,
    elapsed time divided by the call count.
Peers: cuBLAS fp16 / bf16 (torch.nn.functional.linear on the dequantized
weights), torch's int4 kernel (torch._weight_int4pack_mm, bf16, group 128
only), Marlin when `import marlin` works (--peers DIR is put on sys.path
first) and Humming (Ant Group) from DIR/humming-src (make_humming_peer);
neither peer is ever part of this repository.
Writes bench-<date>.json, bench-<date>.md and bench-<date>-<case>.png.
"""
import argparse
import datetime
import glob
import json
import math
import os
import subprocess
from statistics import median
import sys
import time
import zlib

import peer_tables

HERE = os.path.dirname(os.path.abspath(__file__))


def load_humming_mlir(module_name="humming_mlir", library=None):
    """Our package, imported as `humming_mlir`: Humming (Ant Group), a peer,
    is also a package called `humming`, and both must load in one process.
    With `library` (a libHummingRuntime.so path), another copy of the
    package under `module_name`, bound to that library: two builds of the
    runtime side by side in one process (each copy's ctypes handle is its
    own, RTLD_LOCAL; their kernel caches never mix, the key holds the
    library's build id)."""
    import importlib.util
    pkg = os.path.join(HERE, "..", "python", "humming")
    spec = importlib.util.spec_from_file_location(
        module_name, os.path.join(pkg, "__init__.py"), submodule_search_locations=[pkg])
    module = importlib.util.module_from_spec(spec)
    sys.modules[module_name] = module
    spec.loader.exec_module(module)
    if library is not None:
        lib = sys.modules[module_name + "._lib"]
        with lib._lock:
            lib._library = lib.load([(os.path.abspath(library), "--library")])
    return module


humming = load_humming_mlir()

import torch  # noqa: E402

RTOL, ATOL = 0.05, 0.1
FLUSH_BYTES = 256 << 20
# Streaming-read bandwidth the floor is computed at, bytes/s: ANCHORS.md's
# figure on the H200; on another GPU, the read bandwidth measured in the run
# (set by main(); an H100's HBM3 read 2.97 TB/s in session be, so the H200's figure
# would put its floor below what the card can do).
ANCHORS_READ_BANDWIDTH = {"H200": 4.3e12}
FLOOR_BANDWIDTH = ANCHORS_READ_BANDWIDTH["H200"]
WARMUP_S = 0.1  # seconds of untimed calls per shape before its sweeps
L2_BYTES = 60 << 20

sys.path.insert(0, HERE)  # (also when imported or run through runpy)
from cases import CASES, DEFAULT_CASES, SHAPES  # noqa: E402  (name -> bits, group, spec)

MS = [1, 2, 4, 8, 16, 24, 32, 48, 64, 128]


# -- data -------------------------------------------------------------------

class CaseData:
    """Random codes q and random positive scales s for one case and shape, on
    the GPU; the dequantized weights are value(q) * s: q itself for the
    symmetric intN codes (signed), E2M1[q] for fp4 (q the 4-bit code)."""

    # The e2m1 code's value: sign bit 3, exponent bits 2..1 (bias 1),
    # mantissa bit 0; code 1 is the subnormal 0.5.
    E2M1 = [0.0, 0.5, 1.0, 1.5, 2.0, 3.0, 4.0, 6.0,
            -0.0, -0.5, -1.0, -1.5, -2.0, -3.0, -4.0, -6.0]

    def __init__(self, case, n, k, seed):
        bits, group, frag = CASES[case]
        self.case, self.n, self.k, self.bits, self.group = case, n, k, bits, group
        weight = next(f for f in frag.split() if f.startswith("weight="))
        self.int_codes = not weight.startswith("weight=float")
        self.spec = "n=%d k=%d activation=float16 %s" % (n, k, frag)
        gen = torch.Generator(device="cuda").manual_seed(seed)
        half = 1 << (bits - 1)
        if self.int_codes:
            self.q = torch.randint(-half, half, (n, k), generator=gen,
                                   device="cuda", dtype=torch.int32)
            values, mean_abs = self.q.float(), half * 0.58
        else:
            self.q = torch.randint(0, 1 << bits, (n, k), generator=gen,
                                   device="cuda", dtype=torch.int32)
            lut = torch.tensor(self.E2M1, device="cuda")
            values, mean_abs = lut[self.q], 2.25
        # A K that is not a multiple of the group ends in a partial group.
        per = k if group is None else group
        groups = -(-k // per)
        # Scales so that |w| is about 1 on average.
        self.s = ((torch.rand(n, groups, generator=gen, device="cuda") + 0.5)
                  / mean_abs).half()
        self.w = values * self.s.float().repeat_interleave(per, dim=1)[:, :k]

    def standard_weight(self):
        """The codes in Humming's standard layout: a little-endian bit
        stream along K per row, as int32 words [N, K * bits / 32]."""
        codes = (self.q & ((1 << self.bits) - 1)).to(torch.uint8)
        if self.bits == 4:
            codes = codes[:, 0::2] | (codes[:, 1::2] << 4)
        return codes.contiguous().view(torch.int32)

    def weight_bytes(self):
        return self.n * self.k * self.bits // 8 + self.s.numel() * 2

    def activation(self, m, seed):
        gen = torch.Generator(device="cuda").manual_seed(seed)
        return (torch.randn(m, self.k, generator=gen, device="cuda") / math.sqrt(self.k)).half()


# -- implementations ---------------------------------------------------------
# Each maker returns (copies of a callable a -> c, or None with a reason).
# Activations come in as fp16; an implementation that runs bf16 converts them
# once per M outside the timed call (see prepare_input).

class Impl:
    def __init__(self, name, fns, dtype=torch.float16, note=""):
        self.name, self.fns, self.dtype, self.note = name, fns, dtype, note


# Our kernels with other tunings, timed beside the planner's: name -> spec
# fragment (e.g. "dispatch=1-:16x256x64:1x4x2:s6:k4"), from --variant.
# --spec-extra: a fragment added to every spec of ours (the planner's, each
# --variant's and each --library build's), e.g. "target=sm_75": an older
# arch's kernels on this GPU through the driver's JIT.
SPEC_EXTRA = ""
VARIANTS = {}
# Other builds of our runtime, timed beside this one with their own
# planners: name -> the package bound to that library, from --library (an
# A / B in one process: calls interleaved, so the GPU's drift between
# processes, 6 % on an H100 in bench/NOTES.md section 128, cancels).
LIBRARIES = {}


def make_humming(d, copies, extra="", name="humming-mlir", package=None):
    package = package or humming
    layers = []
    spec = " ".join(f for f in (d.spec, SPEC_EXTRA, extra) if f)
    for _ in range(copies):
        layer = package.Layer(spec)
        layer.load_weights(d.standard_weight(), d.s.reshape(-1) if d.group is None
                           else d.s.contiguous())
        layers.append(layer)
    # What the GPU keeps resident beside what each entry plans: a hand entry
    # whose CTAs per SM do not fit the SM's shared memory (or registers) runs
    # at fewer, and its time is then not the time of the tile it names
    # (bench/NOTES.md section 119).
    entries = layers[0].describe().get("dispatch", [])
    try:
        residents = layers[0].resident_ctas()
    except Exception as err:  # noqa: BLE001 (a report only; the timing goes on)
        print("warning: %s: no occupancy query (%s)" % (name, err), file=sys.stderr)
        residents = []
    for e, resident in zip(entries, residents):
        e["resident_ctas"] = resident
        if resident < e.get("ctas_per_sm", 1):
            print("warning: %s, rows %d..%s: %d CTAs per SM planned, %d resident"
                  % (name, e["m_min"], e["m_max"] or "", e["ctas_per_sm"], resident),
                  file=sys.stderr)
    return Impl(name, [lambda a, L=L: L.run(a) for L in layers],
                note=json.dumps(entries)[:2000])


def make_cublas(d, copies, dtype):
    ws = [d.w.to(dtype) for _ in range(copies)]
    name = "cublas-" + ("fp16" if dtype == torch.float16 else "bf16")
    return Impl(name, [lambda a, w=w: torch.nn.functional.linear(a, w) for w in ws], dtype)


def make_torch_int4(d, copies):
    if d.bits != 4 or d.group != 128 or not d.int_codes:
        return None
    # torch's int4 layout: unsigned codes q + 8, two per byte, even k in the
    # high nibble; dequant (code - 8) * scale + zero, zero = 0 here.
    u = (d.q + 8).to(torch.int32)
    packed_u8 = ((u[:, 0::2] << 4) | u[:, 1::2]).to(torch.uint8)
    sz = torch.stack([d.s.t().bfloat16(), torch.zeros_like(d.s.t()).bfloat16()], dim=2).contiguous()
    packs = [torch._convert_weight_to_int4pack(packed_u8, 8) for _ in range(copies)]
    return Impl("torch-int4", [lambda a, p=p: torch._weight_int4pack_mm(a, p, 128, sz)
                               for p in packs], torch.bfloat16)


def make_marlin(d, copies):
    try:
        import marlin  # noqa: F401
    except Exception as e:  # noqa: BLE001
        return "not importable: %s" % e
    if d.bits != 4 or not d.int_codes:
        return None
    import marlin
    lin = torch.nn.Linear(d.k, d.n, bias=False, dtype=torch.float16, device="cuda")
    lin.weight.data = d.w.half()
    groupsize = -1 if d.group is None else d.group
    first = marlin.Layer(d.k, d.n, groupsize=groupsize).cuda()
    first.pack(lin, d.s.contiguous())  # (N, groups); pack transposes it
    layers = [first]
    for _ in range(copies - 1):  # the same packed weights at other addresses
        layer = marlin.Layer(d.k, d.n, groupsize=groupsize).cuda()
        layer.B.copy_(first.B)
        layer.s.copy_(first.s)
        layers.append(layer)
    return Impl("marlin", [lambda a, L=L: L(a) for L in layers])


# Humming (Ant Group, github.com/inclusionAI/humming) from its source tree
# DIR/humming-src, DIR the --peers folder. It compiles each kernel with nvcc
# on first use (into DIR/humming-cache, kept between runs) and builds its
# launcher, a torch extension, with the host C++ compiler.
#
# Kernels per M. This version of Humming has no autotuner: its only table is
# the layer's default (HummingMethod.prepare_default_kernel_configs,
# humming/layer.py: M ranges 1-16, 17-32, 33-48, 49-64, 65-96, 97-, blocks of
# 8 math warps with warps of (block M, 64, 32), 4 stages), and on sm_90 its
# kernel config picks wgmma, warp specialization and TMA (humming_ws.cuh;
# MmaConfig and PipelineConfig in humming/config/config.py, which the layer
# overrides with mma_type="mma" unless told). So on sm_90 we take that table
# with wgmma, one block changed: M <= 16's (16, 128, 128) has 2 warps along N
# where wgmma needs a multiple of 4 (docs/CONFIG.md), so it takes the
# (16, 256, 64) block of the rest of the table (Humming's own wgmma test,
# tests/test_pipeline.py, runs (16, 256, 32)). More than 8 math warps would
# hang its warp-specialized kernel (setmaxnreg to 232 registers). Ranges are
# inclusive, the first match wins (find_kernel_id in its launcher).
# That wgmma table failed the correctness gate on the H200 (2026-11-30, NaN at
# M = 1 and 16 for W4A16 channel, a launch failure for g128), so the default
# is --humming-mma mma: the layer's default table unchanged, with mma.sync
# (what `HummingLayer.finish_load()` gives a user); auto / wgmma stay for
# trying it.
HUMMING_WGMMA_TABLE = [  # (min M, max M, block_shape, warp_shape)
    (0, 16, (16, 256, 64), (16, 64, 32)),
    (16, 32, (32, 256, 64), (32, 64, 32)),
    (32, 48, (48, 256, 64), (48, 64, 32)),
    (48, 64, (64, 256, 64), (64, 64, 32)),
    (64, 96, (48, 256, 64), (48, 64, 32)),
    (96, 1 << 31, (64, 256, 64), (64, 64, 32)),
]
HUMMING_STAGES = 4  # the layer default's
HUMMING_OPTIONS = {"mma": "mma"}  # --humming-mma: mma (default), auto (wgmma on sm_90), wgmma
_HUMMING = {}


def humming_peer_module(peers):
    """Humming's package ready to use, or why not (once per process)."""
    if "module" not in _HUMMING:
        try:
            _HUMMING["module"] = _setup_humming(peers)
        except Exception as e:  # noqa: BLE001
            _HUMMING["module"] = repr(e)
    return _HUMMING["module"]


def _setup_humming(peers):
    src = os.path.join(peers, "humming-src")
    pkg = os.path.join(src, "humming")
    if not os.path.isfile(os.path.join(pkg, "__init__.py")):
        return "no %s" % pkg
    if src not in sys.path:
        sys.path.insert(0, src)
    # Pure-Python wheels it needs that the GPU machine lacks (pyelftools): a
    # wheel is a zip, importable from sys.path; installed packages come first.
    for whl in sorted(glob.glob(os.path.join(peers, "wheels", "*.whl"))):
        if whl not in sys.path:
            sys.path.append(whl)
    # Its kernel cache key holds every header's path and mtime: tie the mtime
    # to the content, so that a cache brought back from a run still matches
    # once the tree has been copied again (the checkout must stay at the same
    # path: the key holds that too).
    for root, _, files in os.walk(os.path.join(pkg, "include")):
        for f in files:
            if f.endswith(".cuh"):
                path = os.path.join(root, f)
                with open(path, "rb") as fh:
                    t = 1000000000 + zlib.crc32(fh.read()) % 100000000
                try:
                    os.utime(path, (t, t))
                except OSError:
                    pass
    cache = os.path.join(peers, "humming-cache")
    os.makedirs(cache, exist_ok=True)
    # Its launcher is a torch extension built at the first kernel: build it
    # into the cache too. It links -lcuda with -L/usr/local/cuda/lib64 only;
    # CUDA's stub library serves when the driver's libcuda.so is not in a
    # default path (the process loads the real libcuda.so.1 either way).
    os.environ.setdefault("TORCH_EXTENSIONS_DIR", os.path.join(cache, "torch_extensions"))
    stubs = "/usr/local/cuda/lib64/stubs"
    if os.path.isfile(os.path.join(stubs, "libcuda.so")):
        paths = [p for p in os.environ.get("LIBRARY_PATH", "").split(os.pathsep) if p]
        if stubs not in paths:
            os.environ["LIBRARY_PATH"] = os.pathsep.join(paths + [stubs])
    import humming as peer  # Humming's: ours is loaded as humming_mlir
    if os.path.realpath(os.path.dirname(peer.__file__)) != os.path.realpath(pkg):
        return "import humming found %s, not %s" % (peer.__file__, pkg)
    import humming.jit.utils as jit_utils
    import humming.layer  # noqa: F401  (imports the rest: triton, cuda.bindings, elftools)
    # Its cache directory is $HUMMING_CACHE_DIR, read once: the variable our
    # library reads too (runtime-env.sh sets it), so it is set only while
    # Humming reads it.
    saved = os.environ.get("HUMMING_CACHE_DIR")
    os.environ["HUMMING_CACHE_DIR"] = cache
    try:
        jit_utils.get_humming_cache_dir.cache_clear()
        got = jit_utils.get_humming_cache_dir()
    finally:
        if saved is None:
            del os.environ["HUMMING_CACHE_DIR"]
        else:
            os.environ["HUMMING_CACHE_DIR"] = saved
    if got != cache:
        return "its cache directory is %s, not %s" % (got, cache)
    _HUMMING["cache"] = cache
    return peer


def prune_humming_cache():
    """Drops nvcc's intermediate files (--keep, about 3.5 MB a kernel) from
    Humming's cache: only kernel.cubin is read back, and the cache must stay
    small enough to travel with the tree."""
    import shutil
    for tmp in glob.glob(os.path.join(_HUMMING.get("cache", "/nonexistent"), "*", "tmp")):
        shutil.rmtree(tmp, ignore_errors=True)


def make_humming_peer(d, copies, peers):
    if not d.int_codes:
        return None
    peer = humming_peer_module(peers)
    if isinstance(peer, str):
        return "not importable: %s" % peer
    from humming.layer import HummingLayer
    if hasattr(HummingLayer, "load_from_tensors"):
        return _make_humming_peer_schema(d, copies)
    from humming import dtypes
    from humming.layer import HummingMethod
    mma = HUMMING_OPTIONS["mma"]
    if mma == "auto":  # Humming's rule (MmaConfig): wgmma on sm_90 only
        mma = "wgmma" if torch.cuda.get_device_capability() == (9, 0) else "mma"
    # Symmetric intN in Humming is uintN with the fixed zero point 2^(N-1)
    # (dequant_single.cuh; utils/test.py's reference: code - 2^(N-1)): the
    # codes go in as q + 2^(N-1), one per int32, [N, K] (load_weight packs
    # them). Scales as [N, groups] (1 group for channel scale).
    codes = (d.q + (1 << (d.bits - 1))).contiguous()
    group = d.group or 0
    layers = []
    for _ in range(copies):  # the same weights at other addresses
        layer = HummingLayer(shape_n=d.n, shape_k=d.k, a_dtype=dtypes.float16,
                             b_dtype=dtypes.uint4 if d.bits == 4 else dtypes.uint8,
                             c_dtype=dtypes.float16, bs_dtype=dtypes.float16,
                             weight_scale_group_size=group, mma_type=mma).cuda()
        layer.load_weight(weight=codes, weight_scale=d.s.contiguous())
        if mma == "mma":
            layer.finish_load()  # its default kernel table
        else:
            HummingMethod.finish_load(layer)  # the weights only, then our table
            for lo, hi, block, warp in HUMMING_WGMMA_TABLE:
                HummingMethod.add_kernel_config(layer, lo, hi, block, warp,
                                                num_stages=HUMMING_STAGES)
        layers.append(layer)
    # Its kernels are cached per configuration in the process (KernelRuntime):
    # the copies after the first compile nothing.
    del codes
    prune_humming_cache()
    return Impl("humming", [lambda a, L=L: L(inputs=a) for L in layers],
                note="mma_type=%s" % mma)


def _make_humming_peer_schema(d, copies):
    """Humming's layer API from its April 2026 refactor on (weight schemas,
    `load_from_tensors`, `transform`; the vLLM fork mgoin/humming carries
    it): what a user of its layer gets, its own per-device heuristics picking
    the kernel for each M (tune/sm90.py on an H100 / H200), compiled on the
    first call for all M ranges at once. Our symmetric intN codes go in as
    its uintN with the implicit zero 2^(N-1) (its dequantize_weight), packed
    by its own pack_weight; scales [N, groups]."""
    from humming import ops
    from humming.layer import HummingLayer, HummingLayerMethod
    codes = (d.q + (1 << (d.bits - 1))).contiguous()
    packed = ops.pack_weight(codes, d.bits)
    del codes
    config = {"dtype": "uint%d" % d.bits, "group_size": d.group or 0}
    layers = []
    for _ in range(copies):  # the same weights at other addresses
        layer = HummingLayer(shape_n=d.n, shape_k=d.k, weight_config=dict(config),
                             torch_dtype=torch.float16).cuda()
        # (load_state_dict copies into the layer's own parameters)
        layer.load_from_tensors({"weight": packed, "weight_scale": d.s.contiguous()})
        layer.transform()
        layers.append(layer)
    del packed
    # Its heuristics give a kernel per M range up to M = 8192 (about 30, all
    # compiled at the first call: 40 s a layer on the 16-core GPU host). Only
    # the ranges holding an M this run measures (and the probe's) are kept:
    # the same kernel at each of those M as the whole table's.
    table = json.dumps(peer_tables.entries_holding(
        HummingLayerMethod.get_default_tuning_configs(layers[0]),
        set(HUMMING_OPTIONS.get("ms", ())) | set(PROBE_MS)))
    return Impl("humming", [lambda a, L=L: L(a, tuning_config=table) for L in layers],
                note="its heuristics")


def our_makers(d, copies):
    """(name, maker) of our implementations: the planner's kernels, each
    --variant's and each --library build's."""
    out = [("humming-mlir", lambda: make_humming(d, copies))]
    out += [("humming-mlir:" + v, lambda v=v, f=f: make_humming(d, copies, f, "humming-mlir:" + v))
            for v, f in VARIANTS.items()]
    out += [("humming-mlir@" + n, lambda n=n, pkg=pkg: make_humming(
        d, copies, name="humming-mlir@" + n, package=pkg)) for n, pkg in LIBRARIES.items()]
    return out


def makers(d, copies, peers):
    out = our_makers(d, copies)
    out += [("cublas-fp16", lambda: make_cublas(d, copies, torch.float16)),
            ("cublas-bf16", lambda: make_cublas(d, copies, torch.bfloat16)),
            ("torch-int4", lambda: make_torch_int4(d, copies))]
    if peers:
        out.append(("marlin", lambda: make_marlin(d, copies)))
        out.append(("humming", lambda: make_humming_peer(d, copies, peers)))
    return out


# Peers whose kernels we do not control run first in a child process: a
# kernel fault (e.g. an illegal instruction) kills the CUDA context, so it
# must not take the whole run down with it.
PROBED = ("torch-int4", "marlin", "humming")
PROBE_MS = (1, 64)  # the M each probe runs


def probe_main(impl_name, cases, shape, peers):
    """Child process: set up impl_name for each case at `shape`, run it at
    M = 1 and 64, synchronize; one PROBE line per case."""
    n, k = shape
    for case in cases:
        try:
            d = CaseData(case, n, k, seed=1)
            make = dict(makers(d, 1, peers)).get(impl_name)
            impl = make() if make else None
            if impl is None or isinstance(impl, str):
                print("PROBE %s SKIP %s" % (case, impl), flush=True)
                continue
            for m in PROBE_MS:
                impl.fns[0](d.activation(m, 0).to(impl.dtype))
            torch.cuda.synchronize()
            print("PROBE %s OK" % case, flush=True)
        except Exception as e:  # noqa: BLE001
            print("PROBE %s FAIL %s" % (case, repr(e).replace("\n", " ")[:300]), flush=True)
            return 1
    return 0


def ncu_main(impl_name, case, shape, ms, reps, peers, flush_mode):
    """Child of Nsight Compute (bench/profile-impls.sh): one implementation,
    one case and shape, gated at each M, then --reps calls per M, each after
    the L2 eviction, each between cudaProfilerStart and Stop (the flush
    outside), so that `ncu --profile-from-start off` profiles the timed
    kernels only, ours and a peer's alike. No torch profiler here: it and
    ncu would both attach CUPTI."""
    n, k = shape
    d = CaseData(case, n, k, seed=n * 31 + k)
    make = dict(makers(d, 1, peers)).get(impl_name)
    if make is None:
        print("NCU %s: no such implementation" % impl_name, flush=True)
        return 2
    impl = make()
    if impl is None or isinstance(impl, str):
        print("NCU %s: skipped (%s)" % (impl_name, impl), flush=True)
        return 1
    flush = make_flush(flush_mode)
    failed = 0
    for m in ms:
        act = d.activation(m, seed=m)
        a = act.to(impl.dtype)
        ok, worst = gate_impl(impl, a, act.float() @ d.w.t(), 1)
        print("NCU %s %s %dx%d M=%d gate %s (max |err| %.3g)"
              % (impl_name, case, n, k, m, "pass" if ok else "FAILED", worst), flush=True)
        failed += not ok
        for _ in range(3):  # module load and first touch, not profiled
            impl.fns[0](a)
        for _ in range(reps):
            flush()
            torch.cuda.synchronize()
            torch.cuda.profiler.start()
            impl.fns[0](a)
            torch.cuda.synchronize()
            torch.cuda.profiler.stop()
    return 1 if failed else 0


def probe_peers(cases, shape, peers, log):
    """{(impl, case): None if it ran, else why not}, from child processes."""
    verdict = {}
    for impl in PROBED:
        left = list(cases)
        while left:
            cmd = [sys.executable, os.path.abspath(__file__), "--probe", impl,
                   "--cases", ",".join(left), "--shapes", "%dx%d" % shape]
            if peers:
                cmd += ["--peers", peers, "--humming-mma", HUMMING_OPTIONS["mma"],
                        "--ms", ",".join(map(str, HUMMING_OPTIONS.get("ms", ())))]
            try:
                out = subprocess.run(cmd, capture_output=True, text=True, timeout=300).stdout
            except subprocess.TimeoutExpired:
                out = ""
            done = {}
            for line in out.splitlines():
                parts = line.split(" ", 3)
                if len(parts) >= 3 and parts[0] == "PROBE":
                    done[parts[1]] = None if parts[2] in ("OK", "SKIP") else "probe: " + (
                        parts[3] if len(parts) > 3 else "failed")
            for case in left:
                if case in done:
                    verdict[(impl, case)] = done[case]
            if not done:  # died before reporting anything
                verdict[(impl, left[0])] = "probe: the process died"
                done[left[0]] = "died"
            left = [c for c in left if c not in done]
    for (impl, case), why in verdict.items():
        if why:
            log("  %s excluded for %s (%s)" % (impl, case, why))
    return verdict


def implementations(d, copies, peers, excluded=()):
    out, skipped = [], {}
    for name, make in makers(d, copies, peers):
        if name in excluded:
            skipped[name] = excluded[name]
            continue
        try:
            impl = make()
        except Exception as e:  # noqa: BLE001
            skipped[name] = "setup failed: %r" % (e,)
            continue
        if isinstance(impl, str):
            skipped[name] = impl
        elif impl is not None:
            out.append(impl)
    return out, skipped


# -- timing ------------------------------------------------------------------

def kernel_events(prof):
    """(name, start_ns, duration_ns) of every GPU kernel / memset, in order."""
    cuda = torch.autograd.DeviceType.CUDA
    try:
        out = [(e.name(), e.start_ns(), e.duration_ns())
               for e in prof.profiler.kineto_results.events() if e.device_type() == cuda]
    except AttributeError:  # older profiler API: FunctionEvents in us
        out = [(e.name, e.time_range.start * 1000.0,
                (e.time_range.end - e.time_range.start) * 1000.0)
               for e in prof.events() if e.device_type == cuda]
    out = [x for x in out if not x[0].startswith("Memcpy")]
    out.sort(key=lambda x: x[1])
    return out


def make_flush(mode):
    """The L2 eviction run before each timed call. "write" (ANCHORS.md): a
    256 MB write, which leaves L2 full of dirty lines, so the timed kernel
    also pays for writing ~L2-size of them back to DRAM as it reads. "read":
    a 256 MB read (into one small output), which leaves L2 clean: the same
    cold weights without the write-back, closer to a kernel's cost inside a
    model (whose previous kernels mostly leave activations, not 50 MB of
    dirty lines). "none": no eviction, only a one-word fill that marks where
    each call starts; with --placements 1 the weights that fit stay in L2
    from call to call. A diagnostic, not ANCHORS.md's method: the kernel's
    time without most of its DRAM stream (the loop, its synchronisation,
    the unit's end), so that cold minus hot is what the stream adds."""
    if mode == "none":
        marker = torch.empty(1, dtype=torch.int32, device="cuda")
        return lambda: marker.zero_()
    buf = torch.empty(FLUSH_BYTES // 4, dtype=torch.int32, device="cuda")
    if mode == "write":
        return lambda: buf.zero_()
    return lambda: buf.sum()


def flush_kernel_names(flush):
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
        flush()
        torch.cuda.synchronize()
    return {n for n, _, _ in kernel_events(prof)}


def profile_calls(calls, flush, flush_names):
    """Runs each call after an L2 eviction; returns the kernel-only
    microseconds of each call (sum of its kernels' durations). A run of
    consecutive flush kernels (a read flush is several reduction kernels)
    opens one call window."""
    with torch.profiler.profile(activities=[torch.profiler.ProfilerActivity.CUDA]) as prof:
        for fn in calls:
            flush()
            fn()
        torch.cuda.synchronize()
    per_call, current, in_flush = [], None, False
    for name, _, dur in kernel_events(prof):
        if name in flush_names:
            if current is not None and not in_flush:
                per_call.append(current)
            if not in_flush:
                current = 0.0
            in_flush = True
        elif current is not None:
            in_flush = False
            current += dur / 1000.0
    if current is not None:
        per_call.append(current)
    if len(per_call) != len(calls):
        raise RuntimeError("profiler: %d call windows for %d calls" % (len(per_call), len(calls)))
    return per_call


def graph_time_us(fns, a, target_calls=200):
    """CUDA-graph steady state: us per call over the captured cycle."""
    stream = torch.cuda.Stream()
    stream.wait_stream(torch.cuda.current_stream())
    with torch.cuda.stream(stream):
        for fn in fns:  # first calls on this stream (workspace set-up) before capture
            fn(a)
    stream.synchronize()
    reps = max(1, target_calls // len(fns))
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph, stream=stream):
        for _ in range(reps):
            for fn in fns:
                fn(a)
    graph.replay()
    torch.cuda.synchronize()
    start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    replays = 5
    start.record()
    for _ in range(replays):
        graph.replay()
    end.record()
    torch.cuda.synchronize()
    return start.elapsed_time(end) * 1000.0 / (replays * reps * len(fns))


def gpu_clocks():
    """SM / memory clocks, temperature and power of the GPU in use."""
    try:
        p = torch.cuda.get_device_properties(torch.cuda.current_device())
        ids = ["--id=%08X:%02X:%02X.0" % (p.pci_domain_id, p.pci_bus_id, p.pci_device_id), None]
    except Exception:  # noqa: BLE001
        ids = [None]
    try:
        for gpu in ids:
            r = subprocess.run(["nvidia-smi", "--query-gpu=clocks.sm,clocks.mem,temperature.gpu,power.draw",
                                "--format=csv,noheader"] + ([gpu] if gpu else []),
                               capture_output=True, text=True, timeout=20)
            if r.returncode == 0:
                return r.stdout.strip()
        return r.stdout.strip() + r.stderr.strip()
    except Exception as e:  # noqa: BLE001
        return "unavailable: %s" % e


def median_event_seconds(fn, reps):
    """Median over reps calls of fn's GPU time between two CUDA events, s."""
    ts = []
    for _ in range(reps):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        fn()
        e.record()
        torch.cuda.synchronize()
        ts.append(s.elapsed_time(e) / 1000.0)
    return median(ts)


def copy_bandwidth(nbytes=256 << 20):
    """Device-to-device copy, bytes read + written per second (median of 20)."""
    x = torch.empty(nbytes // 4, dtype=torch.int32, device="cuda")
    y = torch.empty_like(x)
    return 2 * nbytes / median_event_seconds(lambda: y.copy_(x), 20)


def read_bandwidth(nbytes=1 << 30):
    """A streaming read (an fp16 sum over 1 GiB), bytes read per second (median of 10)."""
    x = torch.ones(nbytes // 2, dtype=torch.float16, device="cuda")
    seconds = median_event_seconds(lambda: x.sum(dtype=torch.float32), 10)
    del x
    return nbytes / seconds


def floor_bandwidth(gpu_name, measured_read):
    """ANCHORS.md's figure where it has one for this GPU, else the measured read."""
    for key, bw in ANCHORS_READ_BANDWIDTH.items():
        if key in gpu_name:
            return bw, "ANCHORS.md's streaming-read figure for the %s" % key
    return measured_read, "the streaming read measured in this run"


# -- one case and shape --------------------------------------------------------

def gate_impl(impl, a, ref, copies):
    """The correctness gate of one implementation at one M: (passed, the
    largest |c - ref|) over every weight copy the timing rotates over, not
    just the first."""
    ok, worst = True, 0.0
    for fn in impl.fns[:copies]:
        c = fn(a).float()
        torch.cuda.synchronize()
        err = (c - ref).abs()
        ok = (ok and bool((err <= ATOL + RTOL * ref.abs()).all().item())
              and not torch.isnan(c).any().item())
        worst = max(worst, float(err.max().item()))
    return ok, worst


def run_shape(case, n, k, ms, reps, sweeps, graph_ms, peers, flush, flush_names, log,
              excluded, placements, hot=False):
    d = CaseData(case, n, k, seed=n * 31 + k)
    weight_copy_bytes = d.weight_bytes()
    copies = max(4, math.ceil(2.2 * L2_BYTES / weight_copy_bytes))
    impls, skipped = implementations(d, max(copies, placements) if graph_ms else placements,
                                     peers, excluded)
    acts = {m: d.activation(m, seed=m) for m in ms}
    inputs = {(impl.name, m): acts[m].to(impl.dtype) for impl in impls for m in ms}
    # Correctness gate, every implementation at every M.
    gate = {}
    for m in ms:
        ref = acts[m].float() @ d.w.t()
        for impl in impls:
            try:
                ok, worst = gate_impl(impl, inputs[(impl.name, m)], ref, placements)
                gate.setdefault(impl.name, {})[m] = {"pass": ok, "max_abs_err": worst}
            except Exception as e:  # noqa: BLE001
                gate.setdefault(impl.name, {})[m] = {"pass": False, "error": repr(e)}
    passing = [i for i in impls if all(g["pass"] for g in gate[i.name].values())]
    for i in impls:
        if i not in passing:
            log("  GATE FAILED %s: %s" % (i.name, json.dumps(gate[i.name])[:400]))
    # Warm-up: each implementation at each M at least once (workspaces;
    # nothing is compiled here), repeated for WARMUP_S, like do_bench's
    # warm-up in ANCHORS.md, so that the first timed cells of a run do not
    # meet clocks still rising from idle (session j, call 4: the run's first
    # cell's sweeps were 9.2 and 8.2 us, 7.9-8.0 in other runs).
    t0 = time.perf_counter()
    while passing:
        for impl in passing:
            for m in ms:
                impl.fns[0](inputs[(impl.name, m)])
        torch.cuda.synchronize()
        if time.perf_counter() - t0 >= WARMUP_S:
            break
    times = {}
    for sweep in range(sweeps):
        # Call r of a cell runs weight copy r mod placements: where the
        # weights sit in memory moves a kernel's cold-L2 time by up to 0.6
        # us (bench/NOTES.md, section 49: the same W8A16 8192^2 kernel on
        # two layers' weights), so a cell's median spans several placements
        # instead of inheriting one allocation's luck.
        order = [(impl, m, r) for r in range(reps) for m in ms for impl in passing]
        if hot:
            # Without eviction, interleaved cells would evict each other's
            # weights (cuBLAS's fp16 copy alone is 134 MB at 8192^2): a
            # cell's calls run back to back, its first call the cold one
            # that the median leaves out.
            order = [(impl, m, r) for impl in passing for m in ms for r in range(reps)]
        per_call = profile_calls(
            [lambda impl=impl, m=m, r=r: impl.fns[r % placements](
                inputs[(impl.name, m)]) for impl, m, r in order], flush, flush_names)
        for (impl, m, _), t in zip(order, per_call):
            times.setdefault((impl.name, m), [[] for _ in range(sweeps)])[sweep].append(t)
    rows = []
    floor_bytes = d.weight_bytes()
    for impl in impls:
        for m in ms:
            row = {"case": case, "n": n, "k": k, "m": m, "impl": impl.name,
                   "gate": gate[impl.name][m]}
            if impl in passing:
                sweeps_med = [median(x) for x in times[(impl.name, m)]]
                row.update({
                    "us": median([t for x in times[(impl.name, m)] for t in x]),
                    "us_sweeps": sweeps_med,
                    "spread": (max(sweeps_med) - min(sweeps_med)) / max(min(sweeps_med), 1e-9),
                    "floor_us": (floor_bytes + m * k * 2 + m * n * 2) / FLOOR_BANDWIDTH * 1e6,
                })
                if graph_ms and m <= 64:
                    try:
                        row["graph_us"] = graph_time_us(impl.fns, inputs[(impl.name, m)])
                    except Exception as e:  # noqa: BLE001
                        row["graph_error"] = repr(e)
            rows.append(row)
    for name, why in skipped.items():
        rows.append({"case": case, "n": n, "k": k, "impl": name, "skipped": why})
    note = next((i.note for i in impls if i.name == "humming-mlir"), "")
    return rows, {"copies_for_graph": copies, "humming_dispatch": note}


# -- reporting -------------------------------------------------------------------

def markdown(meta, rows, ms):
    lines = ["# Small-batch quantized GEMM on %s" % meta["gpu"], "",
             "Date %s, commit %s. %s" % (meta["date"], meta["commit"], meta["method"]), "",
             "GPU clocks before: %s; after: %s. Copy bandwidth measured in this run: %.2f TB/s "
             "(read + write); streaming read %.2f TB/s." % (
                 meta["clocks_before"], meta["clocks_after"], meta["copy_bandwidth"] / 1e12,
                 meta.get("read_bandwidth", 0) / 1e12), ""]
    by = {}
    for r in rows:
        if "us" in r:
            by.setdefault((r["case"], r["n"], r["k"]), {}).setdefault(r["impl"], {})[r["m"]] = r
    for (case, n, k), impls in by.items():
        lines += ["## %s, N = %d, K = %d" % (case, n, k), "",
                  "Kernel-only median, us (%s L2). Graph: CUDA-graph steady state, us per call."
                  % ("hot" if meta.get("flush") == "none" else "cold"), "",
                  "| impl | " + " | ".join("M=%d" % m for m in ms) + " |",
                  "|---" * (len(ms) + 1) + "|"]
        for name, per_m in impls.items():
            lines.append("| %s | " % name + " | ".join(
                ("%.1f" % per_m[m]["us"]) if m in per_m else "-" for m in ms) + " |")
        for name, per_m in impls.items():
            if any("graph_us" in per_m.get(m, {}) for m in ms):
                lines.append("| %s (graph) | " % name + " | ".join(
                    ("%.1f" % per_m[m]["graph_us"]) if "graph_us" in per_m.get(m, {}) else "-"
                    for m in ms) + " |")
        ours = impls.get("humming-mlir", {})
        if ours:
            lines.append("| floor | " + " | ".join(
                ("%.1f" % ours[m]["floor_us"]) if m in ours else "-" for m in ms) + " |")
            lines.append("| ours, % of floor | " + " | ".join(
                ("%.0f%%" % (100 * ours[m]["floor_us"] / ours[m]["us"])) if m in ours else "-"
                for m in ms) + " |")
            cub = impls.get("cublas-fp16", {})
            lines.append("| speedup vs cuBLAS fp16 | " + " | ".join(
                ("%.2fx" % (cub[m]["us"] / ours[m]["us"])) if m in ours and m in cub else "-"
                for m in ms) + " |")
            best = []
            for m in ms:
                peers = [per_m[m]["us"] for name, per_m in impls.items()
                         if name in ("marlin", "humming") and m in per_m]
                best.append(("%.2fx" % (min(peers) / ours[m]["us"])) if peers and m in ours else "-")
            if any(b != "-" for b in best):
                lines.append("| speedup vs best of Marlin/Humming | " + " | ".join(best) + " |")
        lines.append("")
    skipped = sorted({(r["impl"], r["skipped"]) for r in rows if "skipped" in r})
    if skipped:
        lines += ["Not run: " + "; ".join("%s (%s)" % s for s in skipped), ""]
    failed = sorted({(r["impl"], r["case"], r["n"], r["k"]) for r in rows
                     if "gate" in r and not r["gate"].get("pass")})
    if failed:
        lines += ["Failed the correctness gate (not timed): " +
                  "; ".join("%s %s %dx%d" % f for f in failed), ""]
    return "\n".join(lines)


def plot(rows, path_prefix, ms):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except Exception as e:  # noqa: BLE001
        return ["no plot: %s" % e]
    files = []
    for case in CASES:
        shapes = sorted({(r["n"], r["k"]) for r in rows if r["case"] == case and "us" in r})
        if not shapes:
            continue
        fig, axes = plt.subplots(1, len(shapes), figsize=(4.2 * len(shapes), 3.6), squeeze=False)
        for ax, (n, k) in zip(axes[0], shapes):
            sel = [r for r in rows if r["case"] == case and (r["n"], r["k"]) == (n, k) and "us" in r]
            for name in sorted({r["impl"] for r in sel}):
                pts = sorted((r["m"], r["us"]) for r in sel if r["impl"] == name)
                ax.plot([p[0] for p in pts], [p[1] for p in pts], marker="o", ms=3, label=name)
            fl = sorted({(r["m"], r["floor_us"]) for r in sel if r["impl"] == "humming-mlir"})
            if fl:
                ax.plot([p[0] for p in fl], [p[1] for p in fl], "k--", label="floor")
            ax.set_xscale("log", base=2)
            ax.set_yscale("log")
            ax.set_title("%s\nN=%d K=%d" % (case, n, k), fontsize=8)
            ax.set_xlabel("M")
            ax.set_ylabel("us (kernel, cold L2)")
            ax.grid(True, which="both", alpha=0.3)
        axes[0][0].legend(fontsize=7)
        fig.tight_layout()
        name = "%s-%s.png" % (path_prefix, case)
        fig.savefig(name, dpi=110)
        plt.close(fig)
        files.append(name)
    return files


JIT_CHILD = """
import sys, time
sys.path.insert(0, sys.argv[2])
import humming  # a child process of its own: no peer is loaded here
t0 = time.perf_counter(); humming.Layer(sys.argv[1]).close(); cold = time.perf_counter() - t0
warm = []
for _ in range(3):
    t0 = time.perf_counter(); humming.Layer(sys.argv[1]).close(); warm.append(time.perf_counter() - t0)
print(repr((cold, warm)))
"""


def jit_times(spec):
    """Cold (empty cache) and warm creation of one layer's kernel set, in a
    child process with its own empty cache directory (the library reads
    HUMMING_CACHE_DIR once)."""
    import ast
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        env = dict(os.environ, HUMMING_CACHE_DIR=tmp)
        out = subprocess.run([sys.executable, "-c", JIT_CHILD, spec,
                              os.path.join(HERE, "..", "python")],
                             capture_output=True, text=True, env=env, timeout=600)
    try:
        cold, warm = ast.literal_eval(out.stdout.strip().splitlines()[-1])
    except Exception:  # noqa: BLE001
        return {"spec": spec, "error": (out.stdout + out.stderr)[-2000:]}
    return {"spec": spec, "cold_s": cold, "warm_s": warm}


def add_variant_and_library_options(ap):
    ap.add_argument("--variant", action="append", default=[], metavar="NAME=SPEC",
                    help="also time our kernels with this spec fragment added "
                         "(e.g. a dispatch= table); repeatable")
    ap.add_argument("--library", action="append", default=[], metavar="NAME=PATH",
                    help="also time the planner's kernels of another build of the runtime "
                         "(its libHummingRuntime.so), as humming-mlir@NAME, interleaved "
                         "with the rest in this process; repeatable")


def take_variants_and_libraries(ap, args):
    """--variant into VARIANTS, --library into LIBRARIES (each build's
    package loaded); a malformed one is the parser's error."""
    for v in args.variant:
        name, _, frag = v.partition("=")
        if not name or not frag:
            ap.error("--variant takes NAME=SPEC, got %r" % v)
        VARIANTS[name] = frag
    for v in args.library:
        name, _, path = v.partition("=")
        if not name or not path:
            ap.error("--library takes NAME=PATH, got %r" % v)
        try:
            LIBRARIES[name] = load_humming_mlir("humming_mlir_" + name.replace("-", "_"), path)
        except Exception as e:  # noqa: BLE001 (a clear refusal, not a traceback)
            ap.error("--library %s: %s" % (v, e))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out")
    ap.add_argument("--cases", default=",".join(DEFAULT_CASES))
    ap.add_argument("--shapes", default=",".join("%dx%d" % s for s in SHAPES))
    ap.add_argument("--ms", default=",".join(map(str, MS)))
    ap.add_argument("--reps", type=int, default=30)
    ap.add_argument("--sweeps", type=int, default=2)
    ap.add_argument("--no-graph", action="store_true")
    ap.add_argument("--placements", type=int, default=4,
                    help="weight copies (at different addresses) each implementation's "
                         "timed calls rotate over (default 4)")
    ap.add_argument("--flush", choices=("write", "read", "none"), default="write",
                    help="L2 eviction before each call: a 256 MB write (ANCHORS.md, "
                         "default) or read (no dirty lines to write back), or none "
                         "(hot L2 with --placements 1; a diagnostic)")
    ap.add_argument("--peers", default=os.path.join(HERE, "..", "peers"),
                    help="folder put on sys.path for peer packages (marlin; Humming "
                         "from its humming-src, cache in its humming-cache)")
    ap.add_argument("--humming-mma", choices=("auto", "wgmma", "mma"), default="mma",
                    help="Humming's MMA: mma = its layer's default kernel table unchanged "
                         "(default); auto = wgmma on sm_90 (Humming's rule), else mma "
                         "(failed the correctness gate on the H200)")
    ap.add_argument("--quick", action="store_true", help="one shape, a few M, 5 reps")
    ap.add_argument("--spec-extra", default="", metavar="SPEC",
                    help="a spec fragment added to every layer of ours, the --variant "
                         "and --library ones included (e.g. target=sm_75: that arch's "
                         "kernels on this GPU through the driver's JIT)")
    add_variant_and_library_options(ap)
    ap.add_argument("--probe", help=argparse.SUPPRESS)  # child process, see probe_peers
    ap.add_argument("--ncu", metavar="IMPL",
                    help="run only IMPL (first case and shape, each M), --reps calls "
                         "per M between cudaProfilerStart / Stop, for Nsight Compute "
                         "(bench/profile-impls.sh); times nothing")
    args = ap.parse_args()
    if args.placements < 1:
        ap.error("--placements must be at least 1")
    if args.quick:
        args.shapes, args.ms, args.reps, args.sweeps = "8192x8192", "1,16,64", 5, 1
    take_variants_and_libraries(ap, args)
    global SPEC_EXTRA
    SPEC_EXTRA = args.spec_extra.strip()
    HUMMING_OPTIONS["mma"] = args.humming_mma
    ms = [int(x) for x in args.ms.split(",")]
    HUMMING_OPTIONS["ms"] = ms
    shapes = [tuple(int(v) for v in s.split("x")) for s in args.shapes.split(",")]
    peers = os.path.abspath(args.peers) if os.path.isdir(args.peers) else None
    if peers:
        sys.path.insert(0, peers)
    if args.probe:
        return probe_main(args.probe, args.cases.split(","), shapes[0], peers)
    if args.ncu:
        return ncu_main(args.ncu, args.cases.split(",")[0], shapes[0], ms, args.reps,
                        peers, args.flush)
    if not args.out:
        ap.error("--out is required")
    os.makedirs(args.out, exist_ok=True)
    stamp = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    log_lines = []

    def log(msg):
        print(msg, flush=True)
        log_lines.append(msg)

    global FLOOR_BANDWIDTH
    gpu_name = torch.cuda.get_device_name()
    measured_read = read_bandwidth()
    FLOOR_BANDWIDTH, floor_source = floor_bandwidth(gpu_name, measured_read)
    meta = {
        "date": datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC"),
        "commit": os.environ.get("HUMMING_COMMIT", "unknown"),
        "gpu": gpu_name, "torch": torch.__version__,
        "read_bandwidth": measured_read, "floor_bandwidth": FLOOR_BANDWIDTH,
        "library": humming.version(),
        "spec_extra": SPEC_EXTRA,
        "libraries": {n: {"version": pkg.version(), "path": pkg.library_path()}
                      for n, pkg in LIBRARIES.items()},
        "method": ("Kernel-only time per call from the torch profiler (kernel and memset "
                   "durations), each call after %s, %s, %d ms of untimed calls per shape first, "
                   "median of %d calls per sweep x %d sweeps, the calls rotating over %d "
                   "copies of the weights; correctness "
                   "gate |c - ref| <= %.2g + %.2g |ref| against fp32 on the dequantized "
                   "weights first; graph figures: CUDA-graph replay cycling over >= 2.2 x L2 "
                   "of weight copies. Floor: weight + scale + A + C bytes at %.2f TB/s (%s)."
                   % ("no L2 eviction (hot L2: a diagnostic, not ANCHORS.md's method)"
                      if args.flush == "none" else "a 256 MB %s that evicts L2" % args.flush,
                      "each cell's calls back to back" if args.flush == "none"
                      else "implementations and M interleaved",
                      WARMUP_S * 1e3, args.reps, args.sweeps, args.placements,
                      ATOL, RTOL,
                      FLOOR_BANDWIDTH / 1e12, floor_source)),
        "flush": args.flush,
        "clocks_before": gpu_clocks(),
    }
    meta["copy_bandwidth"] = copy_bandwidth()
    flush = make_flush(args.flush)
    flush_names = flush_kernel_names(flush)
    rows, extra = [], {}
    cases = args.cases.split(",")
    verdict = probe_peers(cases, max(shapes, key=lambda s: s[0] * s[1]), peers, log)
    for case in cases:
        excluded = {impl: why for (impl, c), why in verdict.items() if c == case and why}
        for n, k in shapes:
            t0 = time.time()
            r, e = run_shape(case, n, k, ms, args.reps, args.sweeps, not args.no_graph, peers,
                             flush, flush_names, log, excluded, args.placements,
                             hot=args.flush == "none")
            rows += r
            extra["%s %dx%d" % (case, n, k)] = e
            got = {x["impl"]: x["us"] for x in r if x.get("m") == ms[0] and "us" in x}
            log("%s N=%d K=%d (%.0f s): M=%d %s" % (case, n, k, time.time() - t0, ms[0],
                                                    json.dumps({a: round(b, 2) for a, b in got.items()})))
            torch.cuda.empty_cache()
    meta["clocks_after"] = gpu_clocks()
    meta["jit"] = jit_times("n=8192 k=8192 weight=int4 activation=float16 scale=group "
                            "group_size=128")
    prefix = os.path.join(args.out, "bench-%s%s" % (
        stamp, {"write": "", "read": "-read-flush", "none": "-hot-l2"}[args.flush]))
    meta["plots"] = [os.path.basename(p) for p in plot(rows, prefix, ms)]
    with open(prefix + ".json", "w") as f:
        json.dump({"meta": meta, "rows": rows, "extra": extra, "log": log_lines}, f, indent=1)
    md = markdown(meta, rows, ms)
    jit = meta["jit"]
    md += ("\nJIT: one W4A16 g128 layer (N = K = 8192) kernel set, cold %.2f s, warm %s s.\n" % (
        jit["cold_s"], ", ".join("%.3f" % w for w in jit["warm_s"])) if "cold_s" in jit
        else "\nJIT timing failed: %s\n" % jit.get("error"))
    with open(prefix + ".md", "w") as f:
        f.write(md)
    print(md)
    return 0


if __name__ == "__main__":
    sys.exit(main())
