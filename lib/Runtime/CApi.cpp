//===- CApi.cpp - The C API over humming::runtime --------------------------===//
//
// Every entry point converts a Status into a humming_status and a
// thread-local message; no C++ exception or abort crosses this boundary.
//
//===----------------------------------------------------------------------===//

#include "humming-c/Runtime.h"

#include "humming/Format/Pack.h"
#include "humming/Format/ParallelRows.h"
#include "humming/Format/Quantize.h"
#include "humming/Format/Reference.h"
#include "humming/Runtime/Layer.h"

#include <cstring>
#include <string>

using namespace humming;
using namespace humming::runtime;

struct humming_layer_s {
  std::unique_ptr<Layer> layer;
};

namespace {
thread_local std::string lastError;

humming_status fail(const Status &s) {
  lastError = s.message();
  return static_cast<humming_status>(s.code());
}
humming_status fail(StatusCode c, std::string msg) {
  return fail(Status::error(c, std::move(msg)));
}
humming_status ok() {
  lastError.clear();
  return HUMMING_OK;
}

/// Spec parsing for the host-only helpers (scheme rules only, no target).
Expected<LayerSpec> hostSpec(const char *spec) {
  if (!spec)
    return Status::error(StatusCode::InvalidArgument, "spec is NULL");
  return parseLayerSpec(spec, /*forCompile=*/false);
}

/// The host helpers' loops run on $HUMMING_HOST_THREADS threads
/// (format/ParallelRows.h): a value that is not a count is refused, as
/// $HUMMING_COMPILE_THREADS is.
Status checkHostThreads() {
  auto n = threadCountFromEnv("HUMMING_HOST_THREADS");
  return n ? Status::ok() : n.takeStatus();
}

/// Reads / writes `count` codes of `bytes` bytes each.
std::vector<uint32_t> readCodes(const void *p, int64_t count, int64_t bytes) {
  std::vector<uint32_t> out(static_cast<size_t>(count));
  for (int64_t i = 0; i < count; ++i) {
    const uint8_t *b = static_cast<const uint8_t *>(p) + i * bytes;
    uint32_t v = 0;
    std::memcpy(&v, b, size_t(bytes)); // little-endian
    out[size_t(i)] = v;
  }
  return out;
}
void writeCodes(void *p, const std::vector<uint32_t> &codes, int64_t bytes) {
  for (size_t i = 0; i < codes.size(); ++i)
    std::memcpy(static_cast<uint8_t *>(p) + int64_t(i) * bytes, &codes[i],
                size_t(bytes));
}

int64_t operandBytes(const kernel::OperandSizes &s, const std::string &which,
                     bool kernelLayout, bool &known) {
  known = true;
  if (which == "weight")
    return kernelLayout ? s.kWeight : s.weight;
  if (which == "scale")
    return kernelLayout ? (s.kGroupScale ? s.kGroupScale : s.kChannelScale)
                        : s.scale;
  if (which == "zero_point")
    return kernelLayout ? s.kZero : s.zeroPoint;
  if (which == "bias")
    return kernelLayout ? s.kBias : s.bias;
  known = false;
  return 0;
}
} // namespace

extern "C" {

const char *humming_last_error(void) { return lastError.c_str(); }
const char *humming_version(void) { return versionString(); }

humming_status humming_layer_create(const char *spec, humming_layer *out) {
  if (!spec || !out)
    return fail(StatusCode::InvalidArgument, "spec and out must not be NULL");
  *out = nullptr;
  auto layer = Layer::create(spec);
  if (!layer)
    return fail(layer.status());
  *out = new humming_layer_s{std::move(*layer)};
  return ok();
}

void humming_layer_destroy(humming_layer layer) { delete layer; }

humming_status humming_layer_create_from_ir(const char *ir,
                                            const char *target_override,
                                            humming_layer *out) {
  if (!ir || !out)
    return fail(StatusCode::InvalidArgument, "ir and out must not be NULL");
  *out = nullptr;
  auto spec = specFromIR(ir, target_override ? target_override : "");
  if (!spec)
    return fail(spec.status());
  return humming_layer_create(spec->c_str(), out);
}

const char *humming_layer_spec(humming_layer layer) {
  return layer ? layer->layer->specText().c_str() : "";
}

const char *humming_layer_describe(humming_layer layer) {
  return layer ? layer->layer->describe().c_str() : "";
}

const char *humming_layer_ptx(humming_layer layer) {
  return layer ? layer->layer->ptx().c_str() : "";
}

humming_status humming_layer_resident_ctas(humming_layer layer, int entry,
                                          int *ctas_per_sm) {
  if (!layer || !ctas_per_sm)
    return fail(StatusCode::InvalidArgument, "layer and ctas_per_sm must not be NULL");
  if (entry < 0)
    return fail(StatusCode::InvalidArgument,
                "entry must be >= 0, got " + std::to_string(entry));
  auto ctas = layer->layer->residentCtasPerSm(size_t(entry));
  if (!ctas)
    return fail(ctas.status());
  *ctas_per_sm = *ctas;
  return ok();
}

humming_status humming_layer_operand_bytes(humming_layer layer,
                                           const char *which,
                                           int kernel_layout, size_t *bytes) {
  if (!layer || !which || !bytes)
    return fail(StatusCode::InvalidArgument, "NULL argument");
  bool known;
  int64_t n = operandBytes(layer->layer->sizes(), which, kernel_layout, known);
  if (!known)
    return fail(StatusCode::InvalidArgument,
                std::string("unknown operand '") + which +
                    "' (weight, scale, zero_point, bias)");
  *bytes = size_t(n);
  return ok();
}

humming_status humming_spec_check(const char *spec) {
  if (!spec)
    return fail(StatusCode::InvalidArgument, "spec is NULL");
  auto s = parseLayerSpec(spec, /*forCompile=*/true);
  if (!s)
    return fail(s.status());
  std::string err;
  if (!kernel::planDecode(s->problem, &err))
    return fail(StatusCode::Unsupported, err);
  if (Status st = checkLayerTable(*s); !st.isOk())
    return fail(std::move(st));
  return ok();
}

humming_status humming_spec_operand_bytes(const char *spec, const char *which,
                                          size_t *bytes) {
  if (!which || !bytes)
    return fail(StatusCode::InvalidArgument, "NULL argument");
  auto s = hostSpec(spec);
  if (!s)
    return fail(s.status());
  auto sizes = std::optional<kernel::OperandSizes>(
      kernel::standardOperandSizes(s->problem));
  bool known;
  int64_t n = operandBytes(*sizes, which, false, known);
  if (!known)
    return fail(StatusCode::InvalidArgument,
                std::string("unknown operand '") + which +
                    "' (weight, scale, zero_point, bias)");
  *bytes = size_t(n);
  return ok();
}

humming_status humming_layer_repack_host(humming_layer layer,
                                         const void *weight, const void *scale,
                                         const void *zero_point,
                                         void *weight_out, void *scale_out,
                                         void *zero_point_out) {
  if (!layer)
    return fail(StatusCode::InvalidArgument, "layer is NULL");
  Status s = layer->layer->repackHost(weight, scale, zero_point, weight_out,
                                      scale_out, zero_point_out);
  return s ? ok() : fail(s);
}

humming_status humming_layer_load_weights(humming_layer layer,
                                          const void *weight,
                                          const void *scale,
                                          const void *zero_point,
                                          const void *bias, void *stream) {
  if (!layer)
    return fail(StatusCode::InvalidArgument, "layer is NULL");
  Status s = layer->layer->loadWeights(weight, scale, zero_point, bias,
                                       static_cast<CUstream>(stream));
  return s ? ok() : fail(s);
}

humming_status humming_layer_run(humming_layer layer, const void *a, void *c,
                                 int64_t m, void *stream) {
  if (!layer)
    return fail(StatusCode::InvalidArgument, "layer is NULL");
  Status s = layer->layer->run(a, c, m, static_cast<CUstream>(stream));
  return s ? ok() : fail(s);
}

humming_status humming_quantize_weights(const char *spec, const float *w,
                                        void *weight_out, void *scale_out,
                                        void *zero_point_out) {
  auto s = hostSpec(spec);
  if (!s)
    return fail(s.status());
  if (Status t = checkHostThreads(); !t)
    return fail(t);
  if (!w || !weight_out)
    return fail(StatusCode::InvalidArgument, "w and weight_out must not be NULL");
  const kernel::GemmProblem &p = s->problem;
  std::string err;
  auto q = format::quantizeWeights(p.weight, w, p.n, p.k, &err);
  if (!q)
    return fail(StatusCode::InvalidArgument, err);
  auto packed = format::packCodes(q->codes, p.n, p.k, p.weight.format.bits(), &err);
  if (!packed)
    return fail(StatusCode::InvalidArgument, err);
  std::memcpy(weight_out, packed->data(), packed->size() * 4);
  if (!q->scaleCodes.empty()) {
    if (!scale_out)
      return fail(StatusCode::InvalidArgument, "the scheme has scales: scale_out is NULL");
    writeCodes(scale_out, q->scaleCodes, kernel::codeBytes(p.weight.scaleFormat));
  }
  if (p.weight.zeroPoint != format::ZeroPointKind::None) {
    if (!zero_point_out)
      return fail(StatusCode::InvalidArgument,
                  "the scheme has zero points: zero_point_out is NULL");
    if (p.weight.zeroPoint == format::ZeroPointKind::Integer) {
      auto *dst = static_cast<uint8_t *>(zero_point_out);
      for (size_t i = 0; i < q->zeroPoints.size(); ++i)
        dst[i] = uint8_t(p.weight.format.encode(q->zeroPoints[i]));
    } else {
      writeCodes(zero_point_out, q->zeroPointCodes,
                 kernel::codeBytes(p.weight.scaleFormat));
    }
  }
  return ok();
}

namespace {
/// The row dequantizer of standard-layout host operands: the scales and
/// zero points decoded, the weight read in place (it must outlive it).
Expected<format::WeightRowDequantizer> weightRows(const kernel::GemmProblem &p,
                                                  const void *weight,
                                                  const void *scale,
                                                  const void *zeroPoint) {
  auto invalid = [](std::string m) {
    return Status::error(StatusCode::InvalidArgument, std::move(m));
  };
  if (!weight)
    return invalid("weight is NULL");
  int64_t scaleCount = 0;
  if (auto shape = format::scaleShape(p.weight, p.n, p.k)) {
    scaleCount = 1;
    for (int64_t d : *shape)
      scaleCount *= d;
  }
  int64_t words = p.n * p.k * p.weight.format.bits() / 32;
  std::vector<uint32_t> scaleCodes, zeroCodes;
  if (scaleCount) {
    if (!scale)
      return invalid("the scheme has scales: scale is NULL");
    scaleCodes = readCodes(scale, scaleCount, kernel::codeBytes(p.weight.scaleFormat));
  }
  if (p.weight.zeroPoint != format::ZeroPointKind::None) {
    if (!zeroPoint)
      return invalid("the scheme has zero points: zero_point is NULL");
    if (p.weight.zeroPoint == format::ZeroPointKind::Integer) {
      auto *src = static_cast<const uint8_t *>(zeroPoint);
      zeroCodes.assign(src, src + scaleCount);
    } else {
      zeroCodes = readCodes(zeroPoint, scaleCount,
                            kernel::codeBytes(p.weight.scaleFormat));
    }
  }
  format::WeightOperands ops;
  ops.packed = format::ArrayView<int32_t>(static_cast<const int32_t *>(weight),
                                          size_t(words));
  ops.scaleCodes = format::ArrayView<uint32_t>(scaleCodes);
  ops.zeroPointCodes = format::ArrayView<uint32_t>(zeroCodes);
  std::string err;
  auto rows = format::WeightRowDequantizer::make(p.weight, p.n, p.k, ops, &err);
  if (!rows)
    return invalid(err);
  return std::move(*rows);
}
} // namespace

humming_status humming_dequantize_weights(const char *spec, const void *weight,
                                          const void *scale,
                                          const void *zero_point,
                                          float *w_out) {
  auto s = hostSpec(spec);
  if (!s)
    return fail(s.status());
  if (Status t = checkHostThreads(); !t)
    return fail(t);
  if (!w_out)
    return fail(StatusCode::InvalidArgument, "w_out is NULL");
  const kernel::GemmProblem &p = s->problem;
  auto rows = weightRows(p, weight, scale, zero_point);
  if (!rows)
    return fail(rows.status());
  format::parallelRows(p.n, p.k, [&](int64_t rowBegin, int64_t rowEnd) {
    std::vector<double> w(size_t(p.k));
    for (int64_t r = rowBegin; r < rowEnd; ++r) {
      rows->row(r, w.data());
      for (int64_t c = 0; c < p.k; ++c)
        w_out[r * p.k + c] = float(w[size_t(c)]);
    }
  });
  return ok();
}

humming_status humming_reference_gemm(const char *spec, const void *a,
                                      int64_t m, const void *weight,
                                      const void *scale,
                                      const void *zero_point, const void *bias,
                                      float *c_out, int high_precision) {
  auto s = hostSpec(spec);
  if (!s)
    return fail(s.status());
  if (Status t = checkHostThreads(); !t)
    return fail(t);
  if (!a || !c_out || m <= 0)
    return fail(StatusCode::InvalidArgument,
                "a and c_out must not be NULL and m must be positive");
  const kernel::GemmProblem &p = s->problem;
  auto rows = weightRows(p, weight, scale, zero_point);
  if (!rows)
    return fail(rows.status());
  const auto &af = p.activation.format;
  std::vector<uint32_t> aCodes = readCodes(a, m * p.k, kernel::codeBytes(af));
  std::vector<double> av(size_t(m * p.k));
  for (size_t i = 0; i < av.size(); ++i)
    av[i] = af.decode(aCodes[i]);
  // fp32 (or fp64) accumulation, in K order.
  std::vector<uint32_t> biasCodes;
  if (p.bias && bias)
    biasCodes = readCodes(bias, p.n, kernel::codeBytes(p.output));
  // Output columns on the host's cores, each weight row dequantized once
  // into the thread's buffer (each column's sums as on one thread).
  auto columns = [&](int64_t colBegin, int64_t colEnd) {
    std::vector<double> w(size_t(p.k));
    for (int64_t j = colBegin; j < colEnd; ++j) {
      rows->row(j, w.data());
      for (int64_t i = 0; i < m; ++i) {
        double accD = 0;
        float accF = 0;
        const double *wr = w.data();
        const double *ar = av.data() + i * p.k;
        for (int64_t kk = 0; kk < p.k; ++kk) {
          if (high_precision)
            accD += ar[kk] * wr[kk];
          else
            accF += float(ar[kk]) * float(wr[kk]);
        }
        double v = high_precision ? accD : double(accF);
        if (!biasCodes.empty())
          v += p.output.decode(biasCodes[size_t(j)]);
        c_out[i * p.n + j] = float(v);
      }
    }
  };
  format::parallelRows(p.n, (m + 1) * p.k, columns);
  return ok();
}

const char *humming_cache_dir(void) {
  return runtimeCache().directory().c_str();
}

humming_status humming_cache_clear(void) {
  Status s = runtimeCache().clear();
  return s ? ok() : fail(s);
}

} // extern "C"
