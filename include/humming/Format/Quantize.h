//===- Quantize.h - Reference quantization of weights and activations -----===//
//
// Turns fp32 tensors into codes + scales (+ zero points, + secondary scales)
// following a WeightScheme / ActivationScheme, so that the reference
// dequantization of Scheme.h,
//   w[n,k] = (decode(q[n,k]) - z) * s * s2,
// reproduces the input within the format's rounding error. The recipes (see
// docs/formats.md) are computed in fp64:
//
//  * raw scale of a scale group G (channel row, K-group, 2-D block, tensor):
//      symmetric signed (intN, signed floats):  amax(G) / maxValue(format)
//      symmetric uintN (implicit zero 2^(N-1)): amax(G) / (2^(N-1) - 1)
//      plain unsigned (uintN without implicit zero, unsigned floats):
//                                              max(0, max(G)) / maxValue
//      integer zero point (uintN):  (hi - lo) / (2^N - 1) with
//                                   lo = min(0, min G), hi = max(0, max G)
//      float zero point (uintN):    (max G - min G) / (2^N - 1) (0 is included
//                                   in the range only when max G == min G)
//  * secondary scale (tensor, or channel with channel/group primary scales):
//      s2 = roundScale(secondaryFormat, max raw over its groups /
//                      maxValue(scaleFormat))
//    and the primary scale is s = roundScale(scaleFormat, raw / s2). Without
//    a secondary scale s2 = 1. NVFP4 is e2m1 codes, e4m3 group-16 scales and
//    an f32 tensor secondary: s2 = amax / (6 * 448).
//  * scale rounding (roundScale): float8e8m0 rounds UP to the next power of
//    two (2^ceil(log2 raw), 2^-127 .. 2^127) so that no code saturates;
//    every other scale format rounds to nearest, ties to even, saturating.
//  * guards: a group whose raw scale is 0 (all zeros) gets s = roundScale(1);
//    a scale that rounds to 0 (underflow) gets the scale format's smallest
//    positive value; s2 likewise. No division by zero, no NaN.
//  * zero points: integer z = clamp(RNE(-lo / (s*s2)), 0, 2^N - 1); float
//    z = round_to_nearest_in_scaleFormat(-min G / (s*s2)).
//  * codes: q = encode(w / (s*s2) + z) (round to nearest even, saturate).
//
// Activations: per token [M], per K-group [M, K/g], per tensor [], or none
// (codes = encode(a)); raw scale amax / maxValue(format), rounded and
// guarded as above with ActivationScheme::scaleFormat (f32 by default).
//
// No exceptions: failures return nullopt and a message in *error.
//
//===----------------------------------------------------------------------===//

#ifndef HUMMING_FORMAT_QUANTIZE_H
#define HUMMING_FORMAT_QUANTIZE_H

#include "humming/Format/NumericFormat.h"
#include "humming/Format/Scheme.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace humming::format {

/// A scale value and its code in the scale format.
struct RoundedScale {
  double value = 1;
  uint32_t code = 0;
};

/// Rounds a positive raw scale through `scaleFormat` (float8e8m0: up to a
/// power of two; others: nearest even, saturating). No guards applied.
RoundedScale roundScale(const NumericFormat &scaleFormat, double raw);

/// Where the scale of element (row, k) lives: scale tensor [rows, cols]
/// (row-major), element (r, k) uses scale (r / rowDiv) * cols + k / colDiv.
struct ScaleLayout {
  int64_t rows = 0, cols = 0;
  int64_t rowDiv = 1, colDiv = 1;
  /// The shape as in Scheme.h (scaleShape / activationScaleShape):
  /// rank 1 [N] (channel, token), rank 2, or rank 0 (tensor).
  std::vector<int64_t> shape;
  int64_t size() const { return rows * cols; }
  int64_t indexOf(int64_t r, int64_t k) const {
    return (r / rowDiv) * cols + k / colDiv;
  }
};

/// Layout of the primary weight scales for an [N, K] weight; nullopt with
/// an error when the granularity is None or the shape does not fit
/// (group size not a power of two in [16, 1024] or not dividing K, ...).
std::optional<ScaleLayout> weightScaleLayout(const WeightScheme &scheme,
                                             int64_t n, int64_t k,
                                             std::string *error = nullptr);
/// Layout of activation scales for an [M, K] activation.
std::optional<ScaleLayout>
activationScaleLayout(const ActivationScheme &scheme, int64_t m, int64_t k,
                      std::string *error = nullptr);

struct QuantizedWeights {
  int64_t n = 0, k = 0;
  /// [N, K] codes, row-major, one per element (unpacked).
  std::vector<uint32_t> codes;
  /// Primary scales: values (already rounded through scaleFormat) and their
  /// codes in scaleFormat; layout per weightScaleLayout. Empty for None.
  ScaleLayout scaleLayout;
  std::vector<double> scales;
  std::vector<uint32_t> scaleCodes;
  /// Zero points, same layout as the scales; empty without a zero point.
  /// Integer: the zero code (value == code, a code of the weight format).
  /// Float: the value, and its code in scaleFormat.
  std::vector<double> zeroPoints;
  std::vector<uint32_t> zeroPointCodes;
  /// Secondary scales: [1] (tensor) or [N] (channel); empty for None.
  std::vector<double> secondaryScales;
  std::vector<uint32_t> secondaryScaleCodes;
};

/// Quantizes w [N, K] (row-major fp32). For a leading expert dimension call
/// once per expert.
std::optional<QuantizedWeights> quantizeWeights(const WeightScheme &scheme,
                                                const float *w, int64_t n,
                                                int64_t k,
                                                std::string *error = nullptr);

struct QuantizedActivations {
  int64_t m = 0, k = 0;
  /// [M, K] codes of ActivationScheme::format.
  std::vector<uint32_t> codes;
  /// Scales (values and codes in scaleFormat); empty for None.
  ScaleLayout scaleLayout;
  std::vector<double> scales;
  std::vector<uint32_t> scaleCodes;
};

/// Quantizes a [M, K] (row-major fp32). With scale granularity None the
/// codes are encode(a) (e.g. a float16 activation).
std::optional<QuantizedActivations>
quantizeActivations(const ActivationScheme &scheme, const float *a, int64_t m,
                    int64_t k, std::string *error = nullptr);

} // namespace humming::format

#endif // HUMMING_FORMAT_QUANTIZE_H
