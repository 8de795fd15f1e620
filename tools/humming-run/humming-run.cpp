//===- humming-run.cpp - Compile, run, check and time one quantized GEMM --===//
//
//   humming-run [options] (--spec "<layer spec>" | <file.mlir>)
//
// Compiles the layer (from a spec or the first humming.gemm of an IR file)
// through the runtime's C API, then, when a GPU is present, for each M:
// quantizes random unit-variance weights, loads them, runs the kernel on
// random activations into a NaN-poisoned output, checks every element was
// written and that sampled rows match the fp32 reference GEMM on the
// dequantized weights (|c - ref| <= atol + rtol |ref|), and times the call.
// Without a GPU it stops after compiling, and says so. Exit status: 0 when
// every check passed, 1 on a failed check, 2 on an error.
//
//===----------------------------------------------------------------------===//

#include "humming-c/Runtime.h"
#include "humming/Format/NumericFormat.h"
#include "humming/Format/ParallelRows.h"
#include "humming/Runtime/CudaDriver.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

using namespace humming;
using namespace humming::runtime;

namespace {

struct Options {
  std::string spec, irFile, target, jsonOut;
  std::vector<int64_t> ms{1, 16, 128};
  int iters = 20;
  unsigned seed = 1;
  double rtol = 0.05, atol = 0.1;
  int sampleRows = 16;
  bool checkOnly = false, compileOnly = false, printPtx = false, quiet = false;
};

[[noreturn]] void usage(int code) {
  std::fprintf(code ? stderr : stdout, "%s",
R"(usage: humming-run [options] (--spec "<layer spec>" | <file.mlir>)

  --spec S        layer spec, e.g. "n=4096 k=4096 weight=uint4 scale=group
                  group_size=128 target=sm_90a" (docs/runtime.md)
  <file.mlir>     compile the first humming.gemm of an IR file
  --target T      chip or arch (overrides the spec / the IR's target)
  -m M[,M...]     batch sizes to run (default 1,16,128)
  --iters N       timed calls per M (default 20)
  --seed S        random seed (default 1)
  --rtol R --atol A   tolerances (default 0.05, 0.1)
  --rows R        reference rows checked per M (default 16; every row
                  is checked for being written)
  --check-only    check the spec (with a dispatch= table, every entry) as
                  compiling would, and stop: compiles nothing
  --compile-only  stop after compiling
  --print-ptx     print the PTX of the kernels
  --json F        write the results as JSON
  -q              print only the summary lines
)");
  std::exit(code);
}

Options parseArgs(int argc, char **argv) {
  Options o;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto next = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "humming-run: %s needs a value\n", a.c_str());
        usage(2);
      }
      return argv[++i];
    };
    if (a == "--spec") o.spec = next();
    else if (a == "--target") o.target = next();
    else if (a == "-m") {
      o.ms.clear();
      std::stringstream ss(next());
      std::string t;
      while (std::getline(ss, t, ','))
        o.ms.push_back(std::atoll(t.c_str()));
    } else if (a == "--iters") o.iters = std::atoi(next().c_str());
    else if (a == "--seed") o.seed = unsigned(std::atoi(next().c_str()));
    else if (a == "--rtol") o.rtol = std::atof(next().c_str());
    else if (a == "--atol") o.atol = std::atof(next().c_str());
    else if (a == "--rows") o.sampleRows = std::atoi(next().c_str());
    else if (a == "--check-only") o.checkOnly = true;
    else if (a == "--compile-only") o.compileOnly = true;
    else if (a == "--print-ptx") o.printPtx = true;
    else if (a == "--json") o.jsonOut = next();
    else if (a == "-q") o.quiet = true;
    else if (a == "-h" || a == "--help") usage(0);
    else if (!a.empty() && a[0] == '-') {
      std::fprintf(stderr, "humming-run: unknown option %s\n", a.c_str());
      usage(2);
    } else o.irFile = a;
  }
  if (o.spec.empty() == o.irFile.empty()) {
    std::fprintf(stderr, "humming-run: give exactly one of --spec or an IR file\n");
    usage(2);
  }
  if (o.checkOnly && o.spec.empty()) {
    std::fprintf(stderr, "humming-run: --check-only takes a --spec\n");
    usage(2);
  }
  return o;
}

/// The value of key in a canonical spec.
std::string specValue(const std::string &spec, const std::string &key) {
  std::stringstream ss(spec);
  std::string t;
  while (ss >> t)
    if (t.compare(0, key.size() + 1, key + "=") == 0)
      return t.substr(key.size() + 1);
  return "";
}

const char *statusName(humming_status s) {
  switch (s) {
  case HUMMING_OK: return "HUMMING_OK";
  case HUMMING_ERROR_INVALID_ARGUMENT: return "HUMMING_ERROR_INVALID_ARGUMENT";
  case HUMMING_ERROR_UNSUPPORTED: return "HUMMING_ERROR_UNSUPPORTED";
  case HUMMING_ERROR_COMPILE: return "HUMMING_ERROR_COMPILE";
  case HUMMING_ERROR_CUDA: return "HUMMING_ERROR_CUDA";
  case HUMMING_ERROR_NO_DEVICE: return "HUMMING_ERROR_NO_DEVICE";
  case HUMMING_ERROR_IO: return "HUMMING_ERROR_IO";
  case HUMMING_ERROR_INTERNAL: return "HUMMING_ERROR_INTERNAL";
  }
  return "HUMMING_ERROR (unknown code)";
}

/// Reports a failed C API call with its status's name (scripts such as
/// scripts/fuzz-specs.py sort refusals by it) and message.
int fail(const char *what, humming_status s) {
  std::fprintf(stderr, "humming-run: %s: %s: %s\n", what, statusName(s),
               humming_last_error());
  return 2;
}

} // namespace

int main(int argc, char **argv) {
  Options o = parseArgs(argc, argv);
  humming_layer layer = nullptr;
  auto t0 = std::chrono::steady_clock::now();
  if (!o.spec.empty()) {
    std::string spec = o.spec;
    if (!o.target.empty())
      spec += " target=" + o.target;
    if (o.checkOnly) {
      if (humming_status st = humming_spec_check(spec.c_str()))
        return fail("checking the spec", st);
      std::printf("spec ok (checked; nothing compiled)\n");
      return 0;
    }
    if (humming_status st = humming_layer_create(spec.c_str(), &layer))
      return fail("compiling the layer", st);
  } else {
    std::ifstream in(o.irFile);
    if (!in) {
      std::fprintf(stderr, "humming-run: cannot read %s\n", o.irFile.c_str());
      return 2;
    }
    std::stringstream ss;
    ss << in.rdbuf();
    if (humming_status st = humming_layer_create_from_ir(
            ss.str().c_str(), o.target.empty() ? nullptr : o.target.c_str(),
            &layer))
      return fail("compiling the IR", st);
  }
  double compileMs = std::chrono::duration<double, std::milli>(
                         std::chrono::steady_clock::now() - t0)
                         .count();
  std::string spec = humming_layer_spec(layer);
  std::printf("layer: %s\ncompiled in %.1f ms (%s)\n", spec.c_str(), compileMs,
              humming_version());
  if (!o.quiet)
    std::printf("plan: %s\n", humming_layer_describe(layer));
  if (o.printPtx)
    std::printf("%s\n", humming_layer_ptx(layer));

  auto drv = CudaDriver::get();
  if (o.compileOnly || !drv) {
    if (!drv)
      std::printf("note: no GPU here (%s); compiled only, nothing was run or "
                  "checked.\n",
                  drv.status().message().c_str());
    humming_layer_destroy(layer);
    return 0;
  }
  CudaDriver &d = **drv;
  if (Status s = d.ensureContext(); !s) {
    std::fprintf(stderr, "humming-run: %s\n", s.message().c_str());
    return 2;
  }

  const int64_t n = std::atoll(specValue(spec, "n").c_str());
  const int64_t k = std::atoll(specValue(spec, "k").c_str());
  auto act = *format::NumericFormat::parse(specValue(spec, "activation"));
  auto out = *format::NumericFormat::parse(specValue(spec, "output"));
  const bool hasBias = specValue(spec, "bias") == "1";

  // Weights: quantize random unit-variance values (random codes, random
  // positive scales), in the standard layout. Drawn in blocks of 64 rows,
  // each from its own generator seeded by the seed and the block, on the
  // host's cores: the same values for any thread count (one generator took
  // 7 s at 57344 x 8192).
  std::mt19937 rng(o.seed);
  std::normal_distribution<float> normal(0.f, 1.f);
  std::vector<float> w(size_t(n * k));
  const int64_t blockRows = 64, blocks = (n + blockRows - 1) / blockRows;
  format::parallelRows(blocks, blockRows * k, [&](int64_t b0, int64_t b1) {
    for (int64_t b = b0; b < b1; ++b) {
      std::seed_seq seq{o.seed, unsigned(b)};
      std::mt19937 blockRng(seq);
      std::normal_distribution<float> blockNormal(0.f, 1.f);
      float *x = w.data() + b * blockRows * k;
      for (int64_t i = 0, e = std::min(blockRows, n - b * blockRows) * k; i < e;
           ++i)
        x[i] = blockNormal(blockRng);
    }
  });
  size_t wBytes = 0, sBytes = 0, zBytes = 0, bBytes = 0;
  humming_layer_operand_bytes(layer, "weight", 0, &wBytes);
  humming_layer_operand_bytes(layer, "scale", 0, &sBytes);
  humming_layer_operand_bytes(layer, "zero_point", 0, &zBytes);
  humming_layer_operand_bytes(layer, "bias", 0, &bBytes);
  std::vector<uint8_t> wq(wBytes), sq(sBytes), zq(zBytes), bq(bBytes);
  if (humming_status st = humming_quantize_weights(
          spec.c_str(), w.data(), wq.data(), sBytes ? sq.data() : nullptr,
          zBytes ? zq.data() : nullptr))
    return fail("quantizing the weights", st);
  // The quantizer's scales make dequantized weights ~unit variance; the
  // reference uses exactly these codes.
  for (size_t i = 0; i < bBytes / 2; ++i)
    reinterpret_cast<uint16_t *>(bq.data())[i] =
        uint16_t(out.encode(normal(rng)));
  if (humming_status st = humming_layer_load_weights(
          layer, wq.data(), sBytes ? sq.data() : nullptr,
          zBytes ? zq.data() : nullptr, hasBias ? bq.data() : nullptr, nullptr))
    return fail("loading the weights", st);

  // Occupancy: what the GPU grants per dispatch entry next to the plan.
  {
    std::string desc = humming_layer_describe(layer), planned, granted;
    const std::string key = "\"ctas_per_sm\": ";
    int entry = 0;
    for (size_t at = desc.find(key); at != std::string::npos;
         at = desc.find(key, at + 1), ++entry) {
      int ctas = 0;
      if (humming_status st = humming_layer_resident_ctas(layer, entry, &ctas))
        return fail("querying the kernels' occupancy", st);
      planned +=
          " " + std::to_string(std::atoi(desc.c_str() + at + key.size()));
      granted += " " + std::to_string(ctas);
    }
    std::printf("CTAs per SM by dispatch entry: planned%s; resident%s\n",
                planned.c_str(), granted.c_str());
  }

  int exitCode = 0;
  std::string json = "{\"spec\": \"" + spec +
                     "\", \"compile_ms\": " + std::to_string(compileMs) +
                     ", \"runs\": [";
  for (size_t mi = 0; mi < o.ms.size(); ++mi) {
    int64_t m = o.ms[mi];
    // Activations ~ N(0, 1/sqrt(K)) per element keep outputs ~unit variance.
    std::vector<uint16_t> a(size_t(m * k));
    for (uint16_t &x : a)
      x = uint16_t(act.encode(normal(rng) / std::sqrt(double(k))));
    CUdeviceptr da = 0, dc = 0;
    if (d.cuMemAlloc(&da, a.size() * 2) ||
        d.cuMemAlloc(&dc, size_t(m * n) * 2)) {
      std::fprintf(stderr, "humming-run: out of device memory at M=%lld\n",
                   (long long)m);
      return 2;
    }
    d.cuMemcpyHtoD(da, a.data(), a.size() * 2);
    d.cuMemsetD8Async(dc, 0xFF, size_t(m * n) * 2, nullptr); // NaN poison
    if (humming_status st =
            humming_layer_run(layer, reinterpret_cast<void *>(da),
                              reinterpret_cast<void *>(dc), m, nullptr))
      return fail("running the kernel", st);
    if (Status s = d.check(d.cuCtxSynchronize(), "kernel"); !s) {
      std::fprintf(stderr, "humming-run: %s\n", s.message().c_str());
      return 2;
    }
    std::vector<uint16_t> c(size_t(m * n));
    d.cuMemcpyDtoH(c.data(), dc, c.size() * 2);
    int64_t unwritten = 0;
    for (uint16_t x : c)
      if (std::isnan(out.decode(x)))
        ++unwritten;
    // Reference on sampled rows: first, last and evenly spaced.
    std::vector<int64_t> rows;
    int64_t want = std::min<int64_t>(m, o.sampleRows);
    for (int64_t r = 0; r < want; ++r)
      rows.push_back(want == 1 ? 0 : r * (m - 1) / (want - 1));
    std::vector<uint16_t> aRows(rows.size() * size_t(k));
    for (size_t r = 0; r < rows.size(); ++r)
      std::memcpy(&aRows[r * size_t(k)], &a[size_t(rows[r] * k)],
                  size_t(k) * 2);
    std::vector<float> ref(rows.size() * size_t(n));
    if (humming_status st = humming_reference_gemm(
            spec.c_str(), aRows.data(), int64_t(rows.size()), wq.data(),
            sBytes ? sq.data() : nullptr, zBytes ? zq.data() : nullptr,
            hasBias ? bq.data() : nullptr, ref.data(), 0))
      return fail("the reference GEMM", st);
    double worst = 0, maxAbs = 0;
    int64_t bad = 0;
    for (size_t r = 0; r < rows.size(); ++r)
      for (int64_t j = 0; j < n; ++j) {
        double got = out.decode(c[size_t(rows[r] * n + j)]);
        double want = ref[r * size_t(n) + size_t(j)];
        double err = std::fabs(got - want);
        double ratio = err / (o.atol + o.rtol * std::fabs(want));
        if (!(ratio <= 1.0))
          ++bad;
        worst = std::max(worst, std::isnan(ratio) ? 1e30 : ratio);
        maxAbs = std::max(maxAbs, err);
      }
    // Timing: host-timed back-to-back calls (includes launch overhead; the
    // benchmark harness measures kernel time with cold L2).
    auto t1 = std::chrono::steady_clock::now();
    for (int it = 0; it < o.iters; ++it)
      humming_layer_run(layer, reinterpret_cast<void *>(da),
                        reinterpret_cast<void *>(dc), m, nullptr);
    d.cuCtxSynchronize();
    double us = std::chrono::duration<double, std::micro>(
                    std::chrono::steady_clock::now() - t1)
                    .count() /
                std::max(o.iters, 1);
    bool ok = unwritten == 0 && bad == 0;
    if (!ok)
      exitCode = 1;
    std::printf("M=%-6lld %s  unwritten=%lld  mismatches=%lld/%lld  "
                "max|err|=%.4g  worst err/tol=%.3f  time=%.1f us\n",
                (long long)m, ok ? "PASS" : "FAIL", (long long)unwritten,
                (long long)bad, (long long)(rows.size() * n), maxAbs, worst, us);
    json += std::string(mi ? ", " : "") + "{\"m\": " + std::to_string(m) +
            ", \"pass\": " + (ok ? "true" : "false") +
            ", \"unwritten\": " + std::to_string(unwritten) +
            ", \"mismatches\": " + std::to_string(bad) +
            ", \"max_abs_err\": " + std::to_string(maxAbs) +
            ", \"worst_ratio\": " + std::to_string(worst) +
            ", \"host_us\": " + std::to_string(us) + "}";
    d.cuMemFree(da);
    d.cuMemFree(dc);
  }
  json += "]}\n";
  if (!o.jsonOut.empty()) {
    std::ofstream(o.jsonOut) << json;
  }
  humming_layer_destroy(layer);
  return exitCode;
}
