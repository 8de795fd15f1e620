#!/usr/bin/env python3
"""Where one kernel's cold compile goes, stage by stage (no GPU needed).

The runtime lowers a dispatch entry in one process: humming-lower-gemm, the
GPU-to-NVVM passes, then gpu-module-to-binary (translation to LLVM IR,
LLVM's O3 pipeline, the NVPTX backend), then nvJitLink. This script runs the
same stages as separate tools so each can be timed alone:

  humming-opt --mlir-timing      humming-lower-gemm and the MLIR passes
  mlir-translate --mlir-to-llvmir    translation
  opt -O3, llc -O3 (sm_90a, +ptx81)  LLVM's IR pipeline, the NVPTX backend
  ptxas -arch=sm_90a                 the assembler (nvJitLink runs the same)

and also times O3 on its own output: a bound on what cleaner IR from the
kernel builder could save in that pipeline. Each figure is the least CPU time
(user + system) of --reps runs, less the tool's time on an empty module.
The O3 route's PTX equals gpu-module-to-binary's but for comments
(bench/NOTES.md section 107).

    python3 bench/compile_stages.py --n 8192 --k 8192 --scale group --entries 0,3,7
    python3 bench/compile_stages.py --ir test/Examples/w4a16-gemm.mlir --entries 0
"""
import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NVPTX = ["-mtriple=nvptx64-nvidia-cuda", "-mcpu=sm_90a", "-mattr=+ptx81"]
KERNEL_PASSES = ("builtin.module(gpu.module(convert-scf-to-cf,convert-gpu-to-nvvm,"
                 "canonicalize,cse,reconcile-unrealized-casts))")

# An H200 layer as the runtime builds it: fp16 activations and output, 4- or
# 8-bit signed codes (intN), f16 scales.
LAYER = """module attributes {{humming.target = #humming.target<chip = "h200", arch = sm_90a,
    sms = 132, smem_per_block = 232448, l2_bytes = 52428800, bandwidth_gbps = 4800,
    peak_f16_tflops = 989, peak_fp8_tflops = 1979, peak_int8_tops = 1979>}} {{
  func.func @layer(%a: tensor<?x{k}xf16>, %w: tensor<{n}x{words}xi32>, %s: tensor<{scales}xf16>)
      -> tensor<?x{n}xf16> {{
    %c = humming.gemm %a, %w scales(%s : tensor<{scales}xf16>) {{
        weight_scheme = #humming.weight<format = int{bits}, scale = {scale}{group}, scale_type = f16>,
        activation_scheme = #humming.activation<format = f16>,
        layer = #humming.layer<n = {n}, k = {k}>}}
      : tensor<?x{k}xf16>, tensor<{n}x{words}xi32> -> tensor<?x{n}xf16>
    return %c : tensor<?x{n}xf16>
  }}
}}
"""


def layer_ir(n, k, bits, scale, group_size):
    scales = f"{n}x{k // group_size}" if scale == "group" else f"{n}"
    group = f", group_size = {group_size}" if scale == "group" else ""
    return LAYER.format(n=n, k=k, words=k * bits // 32, scales=scales, bits=bits,
                        scale=scale, group=group)


def cpu_ms(cmd, reps):
    """Least CPU time (user + system) of the command over reps runs, ms."""
    best = float("inf")
    for _ in range(reps):
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        best = min(best, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime))
    return best * 1000


def gpu_module_body(text):
    """The kernels' gpu.module as a module of its own (mlir-translate has no
    humming dialect for the outer module's attributes)."""
    lines = text.splitlines()
    start = next(i for i, l in enumerate(lines) if l.strip().startswith("gpu.module"))
    indent = len(lines[start]) - len(lines[start].lstrip())
    end = next(i for i in range(start + 1, len(lines))
               if lines[i].startswith(" " * indent + "}")
               and len(lines[i]) - len(lines[i].lstrip()) == indent)
    return "module {\n" + "\n".join(lines[start + 1:end]) + "\n}\n"


def empty_module_ms(llvm, reps, work):
    """Each LLVM tool's time on an empty module (its start-up and pipeline
    set-up), measured once and taken off every stage's time."""
    p = lambda name: os.path.join(work, name)
    tr, opt, llc = (os.path.join(llvm, t) for t in ("mlir-translate", "opt", "llc"))
    with open(p("empty.mlir"), "w") as f:
        f.write("module {}\n")
    subprocess.run([tr, "--mlir-to-llvmir", p("empty.mlir"), "-o", p("empty.ll")], check=True)
    return {
        "translate": cpu_ms([tr, "--mlir-to-llvmir", p("empty.mlir"), "-o", "/dev/null"], reps),
        "opt": cpu_ms([opt, "-O3", *NVPTX, p("empty.ll"), "-o", "/dev/null"], reps),
        "llc": cpu_ms([llc, "-O3", *NVPTX, p("empty.ll"), "-o", "/dev/null"], reps),
    }


def stages(opt_tool, llvm, empty, planned, entry, reps, work):
    p = lambda name: os.path.join(work, name)
    timings = []
    for _ in range(reps):
        err = subprocess.run([opt_tool, planned, f"--humming-lower-gemm=entry={entry}",
                              "-o", p("kernel.mlir"), "--mlir-timing"],
                             capture_output=True, text=True, check=True).stderr
        lower = float(re.search(r"([\d.]+) \([ \d.]+%\)\s+HummingLowerGemm", err).group(1))
        err = subprocess.run([opt_tool, p("kernel.mlir"), f"--pass-pipeline={KERNEL_PASSES}",
                              "-o", p("nvvm.mlir"), "--mlir-timing"],
                             capture_output=True, text=True, check=True).stderr
        passes = float(re.search(r"([\d.]+) \([ \d.]+%\)\s+'gpu.module' Pipeline", err).group(1))
        timings.append((lower * 1000, passes * 1000))
    with open(p("nvvm.mlir")) as f:
        body = gpu_module_body(f.read())
    with open(p("gpu.mlir"), "w") as f:
        f.write(body)
    tr, opt, llc = (os.path.join(llvm, t) for t in ("mlir-translate", "opt", "llc"))
    subprocess.run([tr, "--mlir-to-llvmir", p("gpu.mlir"), "-o", p("in.ll")], check=True)
    subprocess.run([opt, "-O3", *NVPTX, p("in.ll"), "-S", "-o", p("o3.ll")], check=True)
    subprocess.run([llc, "-O3", *NVPTX, p("o3.ll"), "-o", p("kernel.ptx")], check=True)
    row = {
        "entry": entry,
        "lower_gemm_ms": min(t[0] for t in timings),
        "mlir_passes_ms": min(t[1] for t in timings),
        "translate_ms": cpu_ms([tr, "--mlir-to-llvmir", p("gpu.mlir"), "-o", "/dev/null"], reps)
        - empty["translate"],
        "o3_ms": cpu_ms([opt, "-O3", *NVPTX, p("in.ll"), "-o", "/dev/null"], reps) - empty["opt"],
        "o3_on_own_output_ms": cpu_ms([opt, "-O3", *NVPTX, p("o3.ll"), "-o", "/dev/null"], reps)
        - empty["opt"],
        "llc_ms": cpu_ms([llc, "-O3", *NVPTX, p("o3.ll"), "-o", "/dev/null"], reps) - empty["llc"],
        "ptxas_ms": cpu_ms(["ptxas", "-arch=sm_90a", p("kernel.ptx"), "-o", "/dev/null"], reps),
        "llvm_ir_lines": sum(1 for _ in open(p("in.ll"))),
        "ptx_lines": sum(1 for _ in open(p("kernel.ptx"))),
    }
    with open(p("kernel.ptx")) as f:
        m = re.search(r"\.entry\s+(\w+)", f.read())
    row["kernel"] = m.group(1) if m else "?"
    return row


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ir", help="an MLIR file with a humming.gemm (instead of --n/--k/...)")
    ap.add_argument("--n", type=int, default=8192)
    ap.add_argument("--k", type=int, default=8192)
    ap.add_argument("--bits", type=int, choices=(4, 8), default=4)
    ap.add_argument("--scale", choices=("channel", "group"), default="channel")
    ap.add_argument("--group-size", type=int, default=128)
    ap.add_argument("--entries", default="0", help="dispatch entries, e.g. 0,3,7")
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--opt", default=os.path.join(ROOT, "build/bin/humming-opt"))
    ap.add_argument("--llvm-bin", default="/usr/lib/llvm-22/bin",
                    help="where mlir-translate, opt and llc are")
    ap.add_argument("--json", help="also write the rows as JSON here")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as work:
        source = args.ir
        if not source:
            source = os.path.join(work, "layer.mlir")
            with open(source, "w") as f:
                f.write(layer_ir(args.n, args.k, args.bits, args.scale, args.group_size))
        planned = os.path.join(work, "planned.mlir")
        subprocess.run([args.opt, source, "--humming-decode-formats", "--humming-fuse-dequant",
                        "--humming-select-pipeline", "-o", planned], check=True)
        with open(planned) as f:
            table = re.findall(r'kernel = "(\w+)"', f.read())
        rows = []
        empty = empty_module_ms(args.llvm_bin, args.reps, work)
        print("| entry | kernel | lower-gemm | MLIR passes | translate | O3 (on its own output) "
              "| llc | ptxas | total | LLVM IR / PTX lines |")
        print("|---|---|---|---|---|---|---|---|---|---|")
        for e in (int(x) for x in args.entries.split(",")):
            if not 0 <= e < len(table):
                sys.exit(f"error: entry {e}: the table has {len(table)} entries")
            r = stages(args.opt, args.llvm_bin, empty, planned, e, args.reps, work)
            total = sum(r[k] for k in ("lower_gemm_ms", "mlir_passes_ms", "translate_ms",
                                       "o3_ms", "llc_ms", "ptxas_ms"))
            r["total_ms"] = total
            rows.append(r)
            print(f"| {e} | {r['kernel']} | {r['lower_gemm_ms']:.0f} | {r['mlir_passes_ms']:.0f} "
                  f"| {r['translate_ms']:.0f} | {r['o3_ms']:.0f} ({r['o3_on_own_output_ms']:.0f}) "
                  f"| {r['llc_ms']:.0f} | {r['ptxas_ms']:.0f} | {total:.0f} "
                  f"| {r['llvm_ir_lines']} / {r['ptx_lines']} |", flush=True)
        if args.json:
            with open(args.json, "w") as f:
                json.dump(rows, f, indent=1)


if __name__ == "__main__":
    main()
