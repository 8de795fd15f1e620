//===- Reference.cpp - Reference dequantization and GEMM ------------------===//

#include "humming/Format/Reference.h"

#include "humming/Format/Pack.h"
#include "humming/Format/ParallelRows.h"

using namespace humming::format;

namespace {

template <typename T> std::optional<T> fail(std::string *error, std::string m) {
  if (error)
    *error = std::move(m);
  return std::nullopt;
}

/// Values of a tensor given as values or as codes of `f`; checks the size.
std::optional<std::vector<double>> valuesOf(ArrayView<double> values,
                                            ArrayView<uint32_t> codes,
                                            const NumericFormat &f,
                                            size_t expected, const char *what,
                                            std::string *error) {
  std::vector<double> out;
  if (!values.empty()) {
    out.assign(values.data, values.data + values.size);
  } else {
    out.reserve(codes.size);
    for (size_t i = 0; i < codes.size; ++i)
      out.push_back(f.decode(codes[i]));
  }
  if (out.size() != expected)
    return fail<std::vector<double>>(
        error, std::string(what) + ": " + std::to_string(out.size()) +
                   " elements given, expected " + std::to_string(expected));
  return out;
}

} // namespace

std::optional<WeightRowDequantizer> humming::format::WeightRowDequantizer::make(
    const WeightScheme &s, int64_t n, int64_t k, const WeightOperands &ops,
    std::string *error) {
  using R = WeightRowDequantizer;
  const NumericFormat &q = s.format;
  if (!q.isValid() || q.bits() > 8)
    return fail<R>(error, "weight format " + q.name() +
                              " is not a format of 1 to 8 bits");
  if (n < 0 || k < 1)
    return fail<R>(error, "weight shape is empty or negative");
  size_t count = size_t(n * k);
  WeightRowDequantizer d;
  d.scheme_ = s;
  d.n_ = n, d.k_ = k;

  // Codes: unpacked, or packed and read in place.
  if (!ops.codes.empty()) {
    if (ops.codes.size != count)
      return fail<R>(error, "codes: " + std::to_string(ops.codes.size) +
                                " given, expected " + std::to_string(count));
    d.codes_ = ops.codes;
  } else {
    auto wpr = packedWordsPerRow(q.bits(), k, error);
    if (!wpr)
      return std::nullopt;
    if (ops.packed.size != size_t(n * *wpr))
      return fail<R>(error, "packed: " + std::to_string(ops.packed.size) +
                                " words given, expected " +
                                std::to_string(n * *wpr));
    d.packed_ = ops.packed;
    d.wordsPerRow_ = *wpr;
  }

  // Primary scales and zero points.
  if (s.scale != ScaleGranularity::None) {
    auto l = weightScaleLayout(s, n, k, error);
    if (!l)
      return std::nullopt;
    d.layout_ = *l;
    auto sv = valuesOf(ops.scales, ops.scaleCodes, s.scaleFormat,
                       size_t(d.layout_.size()), "scales", error);
    if (!sv)
      return std::nullopt;
    d.scales_ = std::move(*sv);
    if (s.zeroPoint != ZeroPointKind::None) {
      const NumericFormat &zf =
          s.zeroPoint == ZeroPointKind::Integer ? q : s.scaleFormat;
      auto zv = valuesOf(ops.zeroPoints, ops.zeroPointCodes, zf,
                         size_t(d.layout_.size()), "zero points", error);
      if (!zv)
        return std::nullopt;
      d.zeros_ = std::move(*zv);
    }
  } else if (s.zeroPoint != ZeroPointKind::None) {
    return fail<R>(error, "zero points need scales");
  }

  // Secondary scales.
  if (s.secondary != SecondaryScale::None) {
    size_t expected = s.secondary == SecondaryScale::Tensor ? 1 : size_t(n);
    auto v = valuesOf(ops.secondaryScales, ops.secondaryScaleCodes,
                      s.secondaryFormat, expected, "secondary scales", error);
    if (!v)
      return std::nullopt;
    d.secondary_ = std::move(*v);
  }
  d.implicitZero_ = s.implicitZeroValue();
  return d;
}

void humming::format::WeightRowDequantizer::row(int64_t r, double *out) const {
  const WeightScheme &s = scheme_;
  const unsigned bits = s.format.bits();
  const double s2 = s.secondary == SecondaryScale::None ? 1.0
                    : s.secondary == SecondaryScale::Tensor
                        ? secondary_[0]
                        : secondary_[size_t(r)];
  for (int64_t c = 0; c < k_; ++c) {
    uint32_t code = codes_.empty()
                        ? packedCodeAt(packed_.data, wordsPerRow_, r, c, bits)
                        : codes_[size_t(r * k_ + c)];
    size_t g =
        s.scale == ScaleGranularity::None ? 0 : size_t(layout_.indexOf(r, c));
    double z = s.zeroPoint != ZeroPointKind::None ? zeros_[g] : implicitZero_;
    double sc = s.scale == ScaleGranularity::None ? 1.0 : scales_[g];
    out[c] = ((s.format.decode(code) - z) * sc) * s2;
  }
}

std::optional<std::vector<double>>
humming::format::dequantizeWeights(const WeightScheme &s, int64_t n, int64_t k,
                                   const WeightOperands &ops,
                                   std::string *error) {
  auto d = WeightRowDequantizer::make(s, n, k, ops, error);
  if (!d)
    return std::nullopt;
  std::vector<double> out(size_t(n * k));
  parallelRows(n, k, [&](int64_t rowBegin, int64_t rowEnd) {
    for (int64_t r = rowBegin; r < rowEnd; ++r)
      d->row(r, out.data() + r * k);
  });
  return out;
}

std::optional<std::vector<float>> humming::format::dequantizeWeightsF32(
    const WeightScheme &s, int64_t n, int64_t k, const WeightOperands &ops,
    std::string *error) {
  auto d = dequantizeWeights(s, n, k, ops, error);
  if (!d)
    return std::nullopt;
  return std::vector<float>(d->begin(), d->end());
}

std::optional<std::vector<double>> humming::format::dequantizeActivations(
    const ActivationScheme &s, int64_t m, int64_t k, ArrayView<uint32_t> codes,
    ArrayView<double> scales, ArrayView<uint32_t> scaleCodes,
    std::string *error) {
  using R = std::vector<double>;
  if (!s.format.isValid())
    return fail<R>(error, "activation format is invalid");
  if (m < 0 || k < 1)
    return fail<R>(error, "activation shape is empty or negative");
  if (codes.size != size_t(m * k))
    return fail<R>(error, "activation codes: " + std::to_string(codes.size) +
                              " given, expected " + std::to_string(m * k));
  ScaleLayout layout;
  std::vector<double> sv;
  bool scaled = s.scale != ActivationScaleGranularity::None;
  if (scaled) {
    auto l = activationScaleLayout(s, m, k, error);
    if (!l)
      return std::nullopt;
    layout = *l;
    auto v = valuesOf(scales, scaleCodes, s.scaleFormat, size_t(layout.size()),
                      "activation scales", error);
    if (!v)
      return std::nullopt;
    sv = std::move(*v);
  }
  std::vector<double> out(size_t(m * k));
  for (int64_t r = 0; r < m; ++r)
    for (int64_t c = 0; c < k; ++c) {
      size_t i = size_t(r * k + c);
      double sc = scaled ? sv[size_t(layout.indexOf(r, c))] : 1.0;
      out[i] = s.format.decode(codes[i]) * sc;
    }
  return out;
}

std::optional<std::vector<double>>
humming::format::referenceGemm(int64_t m, int64_t n, int64_t k,
                               ArrayView<double> a, ArrayView<double> w,
                               ArrayView<double> bias,
                               const GemmOptions &options, std::string *error) {
  using R = std::vector<double>;
  if (m < 0 || n < 0 || k < 0)
    return fail<R>(error, "GEMM: negative extent");
  if (a.size != size_t(m * k))
    return fail<R>(error, "GEMM: A has " + std::to_string(a.size) +
                              " elements, expected M*K = " +
                              std::to_string(m * k));
  if (w.size != size_t(n * k))
    return fail<R>(error, "GEMM: W has " + std::to_string(w.size) +
                              " elements, expected N*K = " +
                              std::to_string(n * k));
  if (!bias.empty() && bias.size != size_t(n))
    return fail<R>(error, "GEMM: bias has " + std::to_string(bias.size) +
                              " elements, expected N = " + std::to_string(n));
  const NumericFormat &of = options.outputFormat;
  if (of.isValid() && of != NumericFormat::f16() &&
      of != NumericFormat::bf16() && of != NumericFormat::f32())
    return fail<R>(error, "GEMM: output format " + of.name() +
                              " is not float16, bfloat16 or float32");
  std::vector<double> c(size_t(m * n));
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      const double *ar = a.data + i * k, *wr = w.data + j * k;
      double result;
      if (options.accumulate == Accumulate::F64) {
        double acc = 0;
        for (int64_t l = 0; l < k; ++l)
          acc += ar[l] * wr[l];
        if (!bias.empty())
          acc += bias[size_t(j)];
        result = acc;
      } else {
        float acc = 0;
        for (int64_t l = 0; l < k; ++l) {
          volatile float prod = float(ar[l]) * float(wr[l]); // no FMA
          acc = acc + prod;
        }
        if (!bias.empty())
          acc = acc + float(bias[size_t(j)]);
        result = acc;
      }
      c[size_t(i * n + j)] = of.isValid() ? of.round(result) : result;
    }
  return c;
}

std::optional<std::vector<double>> humming::format::referenceQuantizedGemm(
    int64_t m, int64_t n, int64_t k, const ActivationScheme &activation,
    ArrayView<uint32_t> activationCodes, ArrayView<double> activationScales,
    const WeightScheme &weight, const WeightOperands &weightOperands,
    ArrayView<double> bias, const GemmOptions &options, std::string *error) {
  auto a = dequantizeActivations(activation, m, k, activationCodes,
                                 activationScales, {}, error);
  if (!a)
    return std::nullopt;
  auto w = dequantizeWeights(weight, n, k, weightOperands, error);
  if (!w)
    return std::nullopt;
  return referenceGemm(m, n, k, *a, *w, bias, options, error);
}
