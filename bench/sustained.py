#!/usr/bin/env python3
"""Sustained throughput under the GPU's power limit: our kernels (the
planner's and dispatch variants) back to back for seconds at a time, with
the SM clock and the board power sampled while they run.

    source scripts/runtime-env.sh
    python3 bench/sustained.py --case w8a16-int8-channel --shape 8192x8192 \
        --ms 1024,4096 --variant two=dispatch=... [--library base=PATH]
        [--seconds 2 --rounds 3] [--cublas]

Why beside gemm_bench.py: its primary figure is one cold call after a 256
MB write, which lets the GPU cool between calls; a large-M layer in a
prefill runs many calls back to back, where a kernel that draws more power
per unit of work runs at a lower clock. Separate-process A / Bs (bench/
ab.sh) saw this as drift between runs (bench/NOTES.md section 128: an
unchanged kernel 6 % slower in the other build's runs, the SM clock at
1440 MHz after them); here the implementations alternate in blocks of
--seconds within one process, the order rotated every round, so each
block starts from the state the other left.

Per (M, implementation) and block: us per call (CUDA events over the
block's second half, after the clock has settled; weights rotating over
copies of more than 2 x L2, so they stream from memory as in the primary
figure, but without the flush), the SM clock and power (nvidia-smi polled
every 100 ms over the same half, instant power where the driver has it).
Reports medians over the rounds, and the energy per call. Every
implementation passes the correctness gate first. Writes
sustained-<date>.json and .md under --out.
"""
import argparse
import datetime
import json
import math
import os
import subprocess
import sys
import threading
import time
from statistics import median

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import gemm_bench as gb  # noqa: E402  (loads our package as humming_mlir)
from cases import CASES  # noqa: E402

torch = gb.torch


class Sampler:
    """The SM clock and board power, polled from nvidia-smi every
    interval_s in a background thread, each sample kept with the host time
    of its query (polled rather than nvidia-smi's own loop, whose piped
    output may arrive in bursts). Instant power where the driver has it."""

    FIELDS = ("clocks.sm,power.draw.instant", "clocks.sm,power.draw")

    def __init__(self, interval_s=0.1):
        self.samples = []  # (host seconds, sm MHz, watts)
        self.interval_s, self.error, self.fields = interval_s, None, None
        p = torch.cuda.get_device_properties(torch.cuda.current_device())
        bus = "%08X:%02X:%02X.0" % (p.pci_domain_id, p.pci_bus_id, p.pci_device_id)
        for gpu in (bus, "0"):
            for fields in self.FIELDS:
                if self._query(fields, gpu):
                    self.fields, self.gpu = fields, gpu
                    break
            if self.fields:
                break
        if not self.fields:
            self.error = "nvidia-smi gave no clock / power reading"
            return
        self.running = True
        self.thread = threading.Thread(target=self._poll, daemon=True)
        self.thread.start()

    @staticmethod
    def _query(fields, gpu):
        try:
            r = subprocess.run(["nvidia-smi", "--query-gpu=" + fields,
                                "--format=csv,noheader,nounits", "--id=" + gpu],
                               capture_output=True, text=True, timeout=10)
            mhz, watts = (float(x) for x in r.stdout.strip().split(","))
            return mhz, watts
        except (OSError, ValueError, subprocess.SubprocessError):
            return None

    def _poll(self):
        while self.running:
            t0 = time.perf_counter()
            got = self._query(self.fields, self.gpu)
            t1 = time.perf_counter()
            if got:
                self.samples.append(((t0 + t1) / 2,) + got)
            time.sleep(max(0.0, self.interval_s - (t1 - t0)))

    def between(self, t0, t1):
        got = [(m, w) for t, m, w in list(self.samples) if t0 <= t <= t1]
        if not got:
            return None, None
        return (sum(m for m, _ in got) / len(got), sum(w for _, w in got) / len(got))

    def stop(self):
        if not self.error:
            self.running = False
            self.thread.join(timeout=15)


def run_block(impl, a, seconds, copies):
    """Calls of impl back to back for `seconds` (host time), cycling the
    weight copies. Returns (us per call over the second half, host
    interval of that half)."""
    fns = impl.fns[:copies]
    # Calls per batch: about 20 ms of work, from one timed call.
    s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
    s.record()
    fns[0](a)
    e.record()
    torch.cuda.synchronize()
    per = max(s.elapsed_time(e) / 1000.0, 1e-6)
    batch = max(len(fns), int(0.02 / per) // len(fns) * len(fns))
    t_start = time.perf_counter()
    half = None
    calls = 0
    start_ev = torch.cuda.Event(enable_timing=True)
    while True:
        now = time.perf_counter()
        if half is None and now - t_start >= seconds / 2:
            torch.cuda.synchronize()
            half = time.perf_counter()
            start_ev.record()
            calls = 0
        if now - t_start >= seconds:
            break
        for i in range(batch):
            fns[i % len(fns)](a)
        calls += batch
        # Keep the host at most one batch ahead, so that the host interval
        # matches the GPU's (the clock samples are matched by host time).
        torch.cuda.current_stream().synchronize()
    if half is None or calls == 0:
        raise RuntimeError("block of %.2f s ended before its timed half" % seconds)
    end_ev = torch.cuda.Event(enable_timing=True)
    end_ev.record()
    torch.cuda.synchronize()
    t_end = time.perf_counter()
    return start_ev.elapsed_time(end_ev) * 1000.0 / calls, (half, t_end)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=os.environ.get("OUT", "."))
    ap.add_argument("--case", default="w8a16-int8-channel", choices=sorted(CASES))
    ap.add_argument("--shape", default="8192x8192")
    ap.add_argument("--ms", default="1024,4096")
    gb.add_variant_and_library_options(ap)
    ap.add_argument("--seconds", type=float, default=2.0, help="each block's length")
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--cublas", action="store_true", help="cuBLAS fp16 in the rotation too")
    args = ap.parse_args()
    gb.take_variants_and_libraries(ap, args)
    n, k = (int(x) for x in args.shape.split("x"))
    ms = [int(x) for x in args.ms.split(",")]
    d = gb.CaseData(args.case, n, k, seed=n * 31 + k)
    copies = max(2, math.ceil(2.2 * gb.L2_BYTES / d.weight_bytes()))
    impls = [make() for _, make in gb.our_makers(d, copies)]
    if args.cublas:
        impls.append(gb.make_cublas(d, copies, torch.float16))
    sampler = Sampler()
    rows, log = [], []

    def say(s):
        print(s, flush=True)
        log.append(s)

    say("GPU %s, clocks before: %s" % (torch.cuda.get_device_name(), gb.gpu_clocks()))
    if sampler.error:
        say("nvidia-smi sampling unavailable: %s" % sampler.error)
    for m in ms:
        a = d.activation(m, seed=m)
        ref = a.float() @ d.w.t()
        live = []
        for impl in impls:
            if gb.gate_impl(impl, a.to(impl.dtype), ref, copies)[0]:
                live.append(impl)
            else:
                say("GATE FAILED %s at M = %d: left out" % (impl.name, m))
        for r in range(args.rounds):
            order = live[r % len(live):] + live[:r % len(live)] if live else []
            for impl in order:
                us, (t0, t1) = run_block(impl, a.to(impl.dtype), args.seconds, copies)
                mhz, watts = sampler.between(t0, t1)
                rows.append({"m": m, "impl": impl.name, "round": r, "us": us,
                             "sm_mhz": mhz, "watts": watts})
                say("M=%d round %d %s: %.1f us/call, %s MHz, %s W" % (
                    m, r, impl.name, us, "%.0f" % mhz if mhz else "-",
                    "%.0f" % watts if watts else "-"))
    sampler.stop()
    # Medians over the rounds.
    summary = []
    for m in ms:
        for impl in impls:
            rs = [x for x in rows if x["m"] == m and x["impl"] == impl.name]
            if not rs:
                continue
            us = median(x["us"] for x in rs)
            mhz = [x["sm_mhz"] for x in rs if x["sm_mhz"]]
            watts = [x["watts"] for x in rs if x["watts"]]
            w = median(watts) if watts else None
            summary.append({"m": m, "impl": impl.name, "us": us,
                            "spread": (max(x["us"] for x in rs) - min(x["us"] for x in rs)) / us,
                            "tflops": 2.0 * m * n * k / (us * 1e-6) / 1e12,
                            "sm_mhz": median(mhz) if mhz else None, "watts": w,
                            "mj_per_call": w * us * 1e-3 if w else None})
    commit = os.environ.get("HUMMING_COMMIT") or subprocess.run(
        ["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
        cwd=HERE).stdout.strip()
    date = datetime.datetime.now(datetime.timezone.utc)
    meta = {"date": date.strftime("%Y-%m-%d %H:%M UTC"), "commit": commit,
            "gpu": torch.cuda.get_device_name(), "case": args.case, "shape": args.shape,
            "seconds": args.seconds, "rounds": args.rounds, "copies": copies,
            "variants": gb.VARIANTS, "clocks_after": gb.gpu_clocks(),
            "libraries": {n: pkg.version() for n, pkg in gb.LIBRARIES.items()},
            "method": "calls back to back for %.1f s per block, implementations alternating "
                      "in one process, order rotated each round; us per call from CUDA events "
                      "over each block's second half; SM clock and board power from nvidia-smi "
                      "every 100 ms over the same half; medians over %d rounds; weights "
                      "rotating over %d copies, no L2 flush" % (args.seconds, args.rounds, copies)}
    md = ["# Sustained throughput: %s %s on %s" % (args.case, args.shape, meta["gpu"]), "",
          "Date %s, commit %s. Method: %s." % (meta["date"], commit, meta["method"]), "",
          "| M | impl | us / call | spread | TFLOP/s | SM MHz | W | mJ / call |",
          "|---|---|---|---|---|---|---|---|"]
    for s in summary:
        md.append("| %d | %s | %.1f | %.1f%% | %.0f | %s | %s | %s |" % (
            s["m"], s["impl"], s["us"], 100 * s["spread"], s["tflops"],
            "%.0f" % s["sm_mhz"] if s["sm_mhz"] else "-",
            "%.0f" % s["watts"] if s["watts"] else "-",
            "%.2f" % s["mj_per_call"] if s["mj_per_call"] else "-"))
    text = "\n".join(md) + "\n"
    print(text)
    os.makedirs(args.out, exist_ok=True)
    prefix = os.path.join(args.out, "sustained-%s" % date.strftime("%Y-%m-%d"))
    with open(prefix + ".json", "w") as f:
        json.dump({"meta": meta, "summary": summary, "blocks": rows, "log": log}, f, indent=1)
    with open(prefix + ".md", "w") as f:
        f.write(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
