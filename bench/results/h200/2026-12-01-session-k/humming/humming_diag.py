"""Why does Humming (peers/humming-src, inclusionAI/humming 2d9d953) give
wrong results on the H200? One self-contained diagnostic; see FINDINGS.md
beside this file. Run on the GPU machine from the repository root, after
Humming's source was unpacked to peers/humming-src:

    python3 bench/results/h200/2026-12-01-session-k/humming/humming_diag.py

The parent process starts one child per check (a CUDA fault ends a
context), each with a timeout, and stops starting children near a global
deadline (DEADLINE_S). Every result is one line beginning RESULT; the
summary at the end has one PASS/FAIL line per check.
Variants (kernel table = the layer default, M ranges 1-16, 17-32, ... ):
  default      layer.finish_load() as the README / harness does
  patched      same, Humming's headers copied to a temp dir with the TMA
               C-store fixed (fence.proxy.async + cp.async.bulk.commit_group
               + wait_group.read after each TMA store / reduce-add, proxy
               fences around the stream-K lock); Humming's own files untouched
  no_tma_c     default table with use_tma_c=False (plain st.global epilogue)
  no_streamk   default table with use_stream_k=False
  no_tma       default table with use_tma=False
"""
import json
import os
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
DEADLINE_S = float(os.environ.get("HUMMING_DIAG_DEADLINE_S", "235"))
CHILD_TIMEOUT_S = 100
PROBE_TIMEOUT_S = 180  # may build the launcher extension (torch cpp_extension) on a fresh machine
SENTINEL = 12344.0  # exactly representable in fp16, far from any output here


# ----------------------------------------------------------------- child side
def patch_include(src_inc, dst_inc):
    """Temp copy of Humming's include/ with the TMA-store fix (diagnostic)."""
    import shutil
    if os.path.exists(dst_inc):
        shutil.rmtree(dst_inc)
    shutil.copytree(src_inc, dst_inc)
    fence_smem = 'asm volatile("fence.proxy.async.shared::cta;\\n" ::: "memory");'
    fence_glob = 'asm volatile("fence.proxy.async.global;\\n" ::: "memory");'
    commit_wait = ('asm volatile("cp.async.bulk.commit_group;\\n" ::: "memory");\n'
                   '  asm volatile("cp.async.bulk.wait_group.read 0;\\n" ::: "memory");')
    tma = os.path.join(dst_inc, "humming", "utils", "ptx", "tma.cuh")
    s = open(tma).read()
    for op in ("cp.async.bulk.tensor.2d.global.shared::cta.bulk_group",
               "cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.bulk_group"):
        i = s.index('asm volatile("' + op)
        j = s.index(': "memory");', i) + len(': "memory");')
        s = s[:i] + fence_smem + "\n  " + s[i:j] + "\n  " + commit_wait + s[j:]
    open(tma, "w").write(s)

    def sub(rel, old, new):
        p = os.path.join(dst_inc, "humming", rel)
        t = open(p).read()
        if t.count(old) != 1:
            raise RuntimeError("patch: %r not found once in %s" % (old, rel))
        open(p, "w").write(t.replace(old, new))
    sub("utils/ptx/barrier.cuh", '      asm volatile("fence.acq_rel.gpu;\\n");',
        '      ' + fence_glob + '\n      asm volatile("fence.acq_rel.gpu;\\n");')
    sub("utils/ptx/barrier.cuh", '    } while (state != count);\n',
        '    } while (state != count);\n    ' + fence_glob + '\n')
    sub("epilogue/pipeline.cuh", 'smem_writer.write(regs_c_ptr, slice_count);\n',
        'smem_writer.write(regs_c_ptr, slice_count);\n    ' + fence_smem + '\n')


def load_peer(variant):
    sys.path.insert(0, os.path.join(os.getcwd(), "bench"))
    import gemm_bench as gb
    peer = gb.humming_peer_module(os.path.abspath("peers"))
    if isinstance(peer, str):
        print("RESULT setup FAIL humming not importable: %s" % peer, flush=True)
        sys.exit(2)
    import humming.jit.compiler as hjc
    # Print every nvcc command Humming runs (cached kernels run none).
    real_run = hjc.subprocess.run

    class _Sub:
        def __getattr__(self, k):
            return getattr(subprocess, k)

        @staticmethod
        def run(cmd, *a, **k):
            if isinstance(cmd, list) and str(cmd[0]).endswith("nvcc") and "--version" not in cmd:
                print("NVCC " + " ".join(map(str, cmd)), flush=True)
            return real_run(cmd, *a, **k)
    hjc.subprocess = _Sub()
    if variant == "patched":
        src_inc = hjc.Compiler.humming_include_dir()
        import tempfile
        dst_inc = os.path.join(tempfile.gettempdir(), "humming-diag-patched-include")
        patch_include(src_inc, dst_inc)
        hjc.Compiler.humming_include_dir = staticmethod(lambda: dst_inc)
        print("INFO patched include dir %s" % dst_inc, flush=True)
    return gb, peer


def child_probe():
    """Environment, JIT flags, and the Python-launched helper kernels."""
    import torch
    gb, peer = load_peer("default")
    import humming.jit.compiler as hjc
    import humming.jit.utils as ju
    print("INFO torch %s cuda %s device %s cap %s" % (
        torch.__version__, torch.version.cuda, torch.cuda.get_device_name(),
        torch.cuda.get_device_capability()), flush=True)
    try:
        import cuda.bindings
        print("INFO cuda.bindings %s" % getattr(cuda.bindings, "__version__", "?"), flush=True)
    except Exception as e:  # noqa: BLE001
        print("INFO cuda.bindings import failed %r" % e, flush=True)
    nvcc = ju.get_cuda_command_path("nvcc")
    print("INFO nvcc %s release %s" % (nvcc, ju.get_cuda_nvcc_version(nvcc)), flush=True)
    print("INFO humming nvcc flags (sm 90a): %s" % " ".join(hjc.NVCCCompiler.get_flags("90a")), flush=True)
    print("INFO HUMMING cache %s TORCH_EXTENSIONS_DIR %s LIBRARY_PATH %s LD_LIBRARY_PATH %s" % (
        gb._HUMMING.get("cache"), os.environ.get("TORCH_EXTENSIONS_DIR"),
        os.environ.get("LIBRARY_PATH"), os.environ.get("LD_LIBRARY_PATH")), flush=True)

    import cuda.bindings.driver as cbd
    codes = []
    real_launch = cbd.cuLaunchKernelEx

    def launch(*a, **k):
        r = real_launch(*a, **k)
        codes.append(r[0] if isinstance(r, tuple) else r)
        return r
    try:
        cbd.cuLaunchKernelEx = launch
    except Exception as e:  # noqa: BLE001
        print("INFO cannot wrap cuLaunchKernelEx: %r" % e, flush=True)

    from humming import dtypes
    from humming.kernel.pack_weight import PackWeightKernel
    from humming.kernel.repack_weight import WeightRepackKernel
    from humming.utils.test import generate_random_weight
    # 1. Humming's own quantizer (QuantWeightKernel via cuda.bindings, return code unchecked)
    _, w_ref, w, s, _, _ = generate_random_weight(n=256, k=256, group_size=128,
                                                 dtype=dtypes.uint4, scale_dtype=dtypes.float16)
    torch.cuda.synchronize()
    ok_q = bool(w.min() >= 0 and w.max() <= 15 and torch.isfinite(s.float()).all() and torch.isfinite(w_ref).all())
    print("RESULT probe-quant %s codes in [%d,%d], scales finite %s, launches %s" % (
        "PASS" if ok_q else "FAIL", w.min().item(), w.max().item(),
        bool(torch.isfinite(s.float()).all()), [str(c) for c in codes]), flush=True)
    # 2. pack (cuda.bindings launch) against a torch packing of the same codes
    codes.clear()
    packed = PackWeightKernel(4)(w.int().contiguous())
    torch.cuda.synchronize()
    ref = torch.zeros(w.shape[0], w.shape[1] // 8, dtype=torch.int64, device=w.device)
    wv = w.long().view(w.shape[0], -1, 8) & 15
    for i in range(8):
        ref |= wv[:, :, i] << (4 * i)
    ref = ((ref + 2**31) % 2**32 - 2**31).int()
    ok_p = torch.equal(packed, ref)
    print("RESULT probe-pack %s launches %s" % ("PASS" if ok_p else "FAIL", [str(c) for c in codes]), flush=True)
    # 3. repack: does the kernel write every word of its output?
    codes.clear()
    kern = WeightRepackKernel(weight_bits=4, activation_bits=16, is_weight_pakced=True)
    out = torch.full((256 // 16, 256 * 16 * 4 // 32), 0x5A5A5A5A, dtype=torch.int32, device=w.device)
    kern(inputs=packed.contiguous(), outputs=out)
    torch.cuda.synchronize()
    untouched = int((out == 0x5A5A5A5A).sum())
    print("RESULT probe-repack %s untouched words %d/%d launches %s" % (
        "PASS" if untouched == 0 else "FAIL", untouched, out.numel(), [str(c) for c in codes]), flush=True)
    # 4. the launcher extension (built here if not cached) and which libcuda is mapped
    import humming.kernel.humming as hk
    t0 = time.time()
    hk.init_humming_launcher()
    print("INFO launcher extension ready in %.1f s" % (time.time() - t0), flush=True)
    maps = open("/proc/self/maps").read()
    libs = sorted({ln.split()[-1] for ln in maps.splitlines() if "libcuda" in ln})
    print("RESULT probe-libcuda %s %s" % ("FAIL" if any("stubs" in x for x in libs) else "PASS", libs), flush=True)


def child_gemm(variant, n, k, group, ms, mma):
    import torch
    gb, peer = load_peer(variant)
    from humming import dtypes
    from humming.layer import HummingLayer, HummingMethod
    from humming.utils.test import generate_random_inputs, generate_random_weight
    torch.manual_seed(0)
    layer = HummingLayer(shape_n=n, shape_k=k, a_dtype=dtypes.float16, b_dtype=dtypes.uint4,
                         c_dtype=dtypes.float16, bs_dtype=dtypes.float16,
                         weight_scale_group_size=group, mma_type=mma).cuda()
    _, w_ref, w, s, _, _ = generate_random_weight(n=n, k=k, group_size=group,
                                                 dtype=dtypes.uint4, scale_dtype=dtypes.float16)
    layer.load_weight(weight=w, weight_scale=s)
    kw = {"default": None, "patched": {}, "no_tma_c": {"use_tma_c": False},
          "no_streamk": {"use_stream_k": False}, "no_tma": {"use_tma": False}}[variant]
    t0 = time.time()
    if kw is None:
        layer.finish_load()  # the README's / harness's path: the layer's full default table
    else:
        # The two entries of the layer's default table that M = 1, 16, 64 use
        # (first match wins), with the variant's options; fewer compiles.
        HummingMethod.finish_load(layer)
        for lo, hi, block, warp in ((0, 16, (16, 128, 128), (16, 64, 32)),
                                    (48, 64, (64, 256, 64), (64, 64, 32))):
            HummingMethod.add_kernel_config(layer, lo, hi, block, warp, num_stages=4, **kw)
    print("INFO %s finish_load+compile %.1f s" % (variant, time.time() - t0), flush=True)
    gb.prune_humming_cache()
    tag = "%s n=%d k=%d g=%d mma=%s" % (variant, n, k, group, mma)
    for m in ms:
        _, a_ref, a, _ = generate_random_inputs(m, k, dtype=dtypes.float16)
        ref = a_ref.float() @ w_ref.float().T
        outs = {}
        for init in ("sentinel", "zero", "sentinel2"):
            c = torch.full((m, n), SENTINEL if init.startswith("sentinel") else 0.0,
                           dtype=torch.float16, device=a.device)
            layer(inputs=a, outputs=c)
            torch.cuda.synchronize()
            outs[init] = c.clone()
        c = outs["sentinel"]
        untouched = int((c == SENTINEL).sum())
        nan = int((~torch.isfinite(c)).sum())
        err = (c.float() - ref).abs().max().item()
        err0 = (outs["zero"].float() - ref).abs().max().item()
        tol = 0.1 + 0.01 * ref.abs().max().item()
        init_dep = not torch.equal(torch.nan_to_num(outs["zero"]), torch.nan_to_num(c))
        nondet = not torch.equal(torch.nan_to_num(outs["sentinel2"]), torch.nan_to_num(c))
        locks = int(layer.locks.abs().sum())
        ok = err <= tol and err0 <= tol and untouched == 0 and nan == 0
        print("RESULT gemm %s M=%d %s max|err| %.4g (zero-init %.4g, tol %.3g) untouched %d/%d "
              "nonfinite %d depends-on-init %s nondeterministic %s locks-left %d" % (
                  tag, m, "PASS" if ok else "FAIL", err, err0, tol, untouched, c.numel(), nan,
                  init_dep, nondet, locks), flush=True)


# ---------------------------------------------------------------- parent side
CHECKS = [  # (name, child args); in priority order, cut at the deadline
    ("probe", ["probe"]),
    ("default-g128", ["gemm", "default", "1024", "1024", "128", "mma"]),
    ("patched-g128", ["gemm", "patched", "1024", "1024", "128", "mma"]),
    ("no_tma_c-g128", ["gemm", "no_tma_c", "1024", "1024", "128", "mma"]),
    ("default-g0", ["gemm", "default", "1024", "1024", "0", "mma"]),
    ("patched-g0", ["gemm", "patched", "1024", "1024", "0", "mma"]),
    ("no_tma_c-g0", ["gemm", "no_tma_c", "1024", "1024", "0", "mma"]),
    ("no_streamk-g128", ["gemm", "no_streamk", "1024", "1024", "128", "mma"]),
    ("no_tma-g128", ["gemm", "no_tma", "1024", "1024", "128", "mma"]),
    ("default-256-g128", ["gemm", "default", "256", "256", "128", "mma"]),
    ("patched-8192-g0", ["gemm", "patched", "8192", "8192", "0", "mma"]),
    ("no_tma_c-8192-g0", ["gemm", "no_tma_c", "8192", "8192", "0", "mma"]),
]


def parent():
    t0 = time.time()
    summary = []
    for name, args in CHECKS:
        left = DEADLINE_S - (time.time() - t0)
        if left < 25:
            summary.append("SKIP %s (deadline)" % name)
            continue
        cmd = [sys.executable, os.path.abspath(__file__)] + args
        print("=== %s: %s" % (name, " ".join(args)), flush=True)
        t1 = time.time()
        try:
            limit = min(PROBE_TIMEOUT_S if name == "probe" else CHILD_TIMEOUT_S, left)
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                               timeout=limit)
            out, rc = p.stdout, p.returncode
        except subprocess.TimeoutExpired as e:
            out = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
            rc = "timeout"
        lines = out.splitlines()
        keep = [ln for ln in lines if ln.startswith(("RESULT", "INFO", "NVCC"))]
        for ln in keep:
            print("  " + ln[:600], flush=True)
        results = [ln for ln in lines if ln.startswith("RESULT")]
        if rc != 0:
            tail = [ln for ln in lines if ln.strip()][-4:]
            for ln in tail:
                print("  | " + ln[:300], flush=True)
        bad = [r for r in results if " FAIL" in r]
        verdict = "PASS" if results and not bad and rc == 0 else "FAIL"
        summary.append("%s %s (rc=%s, %d results, %d failed, %.0f s)" % (
            verdict, name, rc, len(results), len(bad), time.time() - t1))
    print("\n=== SUMMARY (%.0f s)" % (time.time() - t0))
    for ln in summary:
        print(ln)


if __name__ == "__main__":
    if len(sys.argv) > 1 and sys.argv[1] == "probe":
        child_probe()
    elif len(sys.argv) > 1 and sys.argv[1] == "gemm":
        v, n, k, g, mma = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
        child_gemm(v, n, k, g, (1, 16, 64), mma)
    else:
        parent()
