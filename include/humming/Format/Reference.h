//===- Reference.h - Reference dequantization and GEMM (the oracle) -------===//
//
// Plain loops, fp64 (or fp32 accumulation where asked), no cleverness: this
// is what GPU kernels are compared against.
//
// Dequantization (Scheme.h):  w[n,k] = (decode(q[n,k]) - z) * s * s2
//   z: the zero point of (n,k)'s scale group (integer code or float value),
//      or the implicit zero 2^(bits-1) of a symmetric uintN, or 0;
//   s: channel s[n]; group s[n][k/g]; block s[n/bn][k/bk]; tensor s[0];
//      1 when the scheme has no scales;
//   s2: tensor s2[0]; channel s2[n]; 1 without a secondary scale.
// Computed in fp64 as ((decode(q) - z) * s) * s2; the fp32 variant rounds
// that fp64 value to fp32 once.
//
// GEMM: C[m,n] = sum_k A[m,k] * W[n,k] (+ bias[n]), A [M,K], W [N,K]
// row-major, C [M,N].
//   Accumulate::F64: exact products, fp64 sum in k order, + bias in fp64.
//   Accumulate::F32: A and W rounded to fp32, each product rounded to fp32,
//     summed in fp32 in increasing k order, + bias (rounded to fp32) in fp32.
//   Then, when outputFormat is valid (float16, bfloat16 or float32), every
//   C element is rounded through it (round to nearest even, saturating).
// GPU kernels sum in another order: compare with a tolerance.
//
//===----------------------------------------------------------------------===//

#ifndef HUMMING_FORMAT_REFERENCE_H
#define HUMMING_FORMAT_REFERENCE_H

#include "humming/Format/NumericFormat.h"
#include "humming/Format/Quantize.h"
#include "humming/Format/Scheme.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace humming::format {

/// A read-only view of `size` contiguous elements (C++17 stand-in for span).
template <typename T> struct ArrayView {
  const T *data = nullptr;
  size_t size = 0;
  ArrayView() = default;
  ArrayView(const T *d, size_t n) : data(d), size(n) {}
  ArrayView(const std::vector<T> &v) : data(v.data()), size(v.size()) {}
  bool empty() const { return size == 0; }
  const T &operator[](size_t i) const { return data[i]; }
};

/// The quantized weight of one [N, K] matrix. Give either `codes` [N*K]
/// (unpacked) or `packed` [N * K*bits/32] (standard layout, Pack.h). For
/// scales, zero points and secondary scales give either the values or their
/// codes (scales and float zero points: codes of scheme.scaleFormat;
/// integer zero points: codes of scheme.format; secondary: codes of
/// scheme.secondaryFormat); values win when both are given.
struct WeightOperands {
  ArrayView<uint32_t> codes;
  ArrayView<int32_t> packed;
  ArrayView<double> scales;
  ArrayView<uint32_t> scaleCodes;
  ArrayView<double> zeroPoints;
  ArrayView<uint32_t> zeroPointCodes;
  ArrayView<double> secondaryScales;
  ArrayView<uint32_t> secondaryScaleCodes;

  WeightOperands() = default;
  /// Views the values of a quantizeWeights result (codes unpacked).
  explicit WeightOperands(const QuantizedWeights &q)
      : codes(q.codes), scales(q.scales), zeroPoints(q.zeroPoints),
        secondaryScales(q.secondaryScales) {}
};

/// Dequantizes weight rows one at a time: checks every size against the
/// scheme and decodes the scales once, then writes any row's K values (the
/// reference GEMM at model widths streams rows rather than hold N x K fp64
/// values). Views the codes of `operands` (unpacked or packed, read in
/// place): they must outlive it; copies the scales.
class WeightRowDequantizer {
public:
  static std::optional<WeightRowDequantizer>
  make(const WeightScheme &scheme, int64_t n, int64_t k,
       const WeightOperands &operands, std::string *error = nullptr);
  /// Row r (0 <= r < n) of the dequantized weight into out[0, k).
  void row(int64_t r, double *out) const;

private:
  WeightScheme scheme_;
  int64_t n_ = 0, k_ = 0;
  ArrayView<uint32_t> codes_;
  ArrayView<int32_t> packed_;
  int64_t wordsPerRow_ = 0;
  ScaleLayout layout_;
  std::vector<double> scales_, zeros_, secondary_;
  double implicitZero_ = 0;
};

/// Dequantized weight [N, K] in fp64. Checks every size against the scheme.
std::optional<std::vector<double>>
dequantizeWeights(const WeightScheme &scheme, int64_t n, int64_t k,
                  const WeightOperands &operands, std::string *error = nullptr);
/// The same, each element rounded once to fp32.
std::optional<std::vector<float>>
dequantizeWeightsF32(const WeightScheme &scheme, int64_t n, int64_t k,
                     const WeightOperands &operands,
                     std::string *error = nullptr);

/// Dequantized activation [M, K] in fp64: decode(code) * s_a, with s_a the
/// token / group / tensor scale (values, or codes of scheme.scaleFormat), or
/// 1 for granularity None.
std::optional<std::vector<double>>
dequantizeActivations(const ActivationScheme &scheme, int64_t m, int64_t k,
                      ArrayView<uint32_t> codes, ArrayView<double> scales,
                      ArrayView<uint32_t> scaleCodes = {},
                      std::string *error = nullptr);

enum class Accumulate : uint8_t { F32, F64 };

struct GemmOptions {
  Accumulate accumulate = Accumulate::F32;
  /// float16 / bfloat16 / float32, or invalid (default) for no rounding.
  NumericFormat outputFormat;
};

/// C [M, N] = A [M, K] x W [N, K]^T (+ bias [N] if not empty).
std::optional<std::vector<double>>
referenceGemm(int64_t m, int64_t n, int64_t k, ArrayView<double> a,
              ArrayView<double> w, ArrayView<double> bias,
              const GemmOptions &options, std::string *error = nullptr);

/// Convenience: dequantizes the activation and the weight, then GEMM.
std::optional<std::vector<double>> referenceQuantizedGemm(
    int64_t m, int64_t n, int64_t k, const ActivationScheme &activation,
    ArrayView<uint32_t> activationCodes, ArrayView<double> activationScales,
    const WeightScheme &weight, const WeightOperands &weightOperands,
    ArrayView<double> bias, const GemmOptions &options,
    std::string *error = nullptr);

} // namespace humming::format

#endif // HUMMING_FORMAT_REFERENCE_H
