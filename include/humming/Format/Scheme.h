//===- Scheme.h - How a weight or an activation is quantized --------------===//
//
// A WeightScheme says how quantized weight codes become real weights: the code
// format, where the scales live (per channel, per K-group, per 2-D block, per
// tensor), their type, the zero point and an optional secondary scale. An
// ActivationScheme says the same for the GEMM's A operand. Both are plain data;
// validate() holds every rule that does not depend on the GPU (the arch rules
// live in humming/Target/Capability.h). The dialect's attributes, the runtime
// and the reference all call these functions, so a rule is written once.
//
// Dequantization (the reference semantics, see docs/formats.md):
//   w[n,k] = (decode(q[n,k]) - z) * s * s2
// where decode is the format's value (uintN: the integer; intN / floats as
// defined), z is 0, the implicit zero 2^(bits-1) of a symmetric uintN, the
// integer zero point code, or the float zero point; s the primary scale of the
// (n,k) element's channel / group / block / tensor, and s2 the secondary scale
// (per tensor or per channel) or 1.
//
//===----------------------------------------------------------------------===//

#ifndef HUMMING_FORMAT_SCHEME_H
#define HUMMING_FORMAT_SCHEME_H

#include "humming/Format/NumericFormat.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace humming::format {

enum class ScaleGranularity : uint8_t { None, Channel, Group, Block, Tensor };
enum class ZeroPointKind : uint8_t { None, Integer, Float };
enum class SecondaryScale : uint8_t { None, Tensor, Channel };
enum class ActivationScaleGranularity : uint8_t { None, Token, Group, Tensor };

const char *toString(ScaleGranularity g);
const char *toString(ZeroPointKind z);
const char *toString(SecondaryScale s);
const char *toString(ActivationScaleGranularity g);

/// Smallest and largest K-group size; group sizes are powers of two between.
constexpr int64_t kMinGroupSize = 16;
constexpr int64_t kMaxGroupSize = 1024;

struct WeightScheme {
  NumericFormat format;
  ScaleGranularity scale = ScaleGranularity::Channel;
  /// K elements per group (Group granularity).
  int64_t groupSize = 0;
  /// [N rows, K columns] per block (Block granularity).
  int64_t blockN = 0, blockK = 0;
  NumericFormat scaleFormat = NumericFormat::f16();
  ZeroPointKind zeroPoint = ZeroPointKind::None;
  /// With no zero point, a uintN weight is symmetric: it has the implicit
  /// zero 2^(N-1). A plain unsigned weight (no implicit zero) sets this false.
  bool implicitZero = true;
  SecondaryScale secondary = SecondaryScale::None;
  NumericFormat secondaryFormat = NumericFormat::f32();

  /// The zero subtracted from a decoded code when there is no explicit zero
  /// point: 2^(bits-1) for a symmetric uintN, otherwise 0.
  double implicitZeroValue() const;
};

struct ActivationScheme {
  NumericFormat format = NumericFormat::f16();
  ActivationScaleGranularity scale = ActivationScaleGranularity::None;
  int64_t groupSize = 0;
  NumericFormat scaleFormat = NumericFormat::f32();
};

/// The group-size rule shared by weight and activation groups; `what`
/// ("weight", "activation") starts the message.
std::optional<std::string> checkGroupSize(const char *what, int64_t groupSize);

/// Every rule of a weight scheme that holds regardless of shapes and GPU.
/// Returns nullopt when valid, otherwise a one-line message that names the
/// offending field.
std::optional<std::string> validate(const WeightScheme &scheme);
std::optional<std::string> validate(const ActivationScheme &scheme);
/// Rules that tie a scheme to the K and N extents (group and block divide K,
/// packed codes fill whole int32 words).
std::optional<std::string> validateShape(const WeightScheme &scheme, int64_t n,
                                         int64_t k);

/// Shapes of the standard-layout tensors (without the leading expert dim).
/// Packed codes: [N, K * bits / 32] int32 words.
std::vector<int64_t> packedWeightShape(const WeightScheme &s, int64_t n,
                                       int64_t k);
/// Primary scales: channel [N]; group [N, K/g]; block [ceil(N/bn),
/// ceil(K/bk)]; tensor [] (rank 0); none: no tensor (empty optional).
std::optional<std::vector<int64_t>> scaleShape(const WeightScheme &s,
                                               int64_t n, int64_t k);
/// Zero points have the shape of the scales (channel or group only).
std::optional<std::vector<int64_t>> zeroPointShape(const WeightScheme &s,
                                                   int64_t n, int64_t k);
/// Secondary scales: tensor [] ; channel [N].
std::optional<std::vector<int64_t>> secondaryScaleShape(const WeightScheme &s,
                                                        int64_t n);
/// Activation scales for an activation with leading (row) dims `rows` and
/// K columns: token `rows`; group `rows` x [K/g]; tensor []; none: no tensor.
std::optional<std::vector<int64_t>>
activationScaleShape(const ActivationScheme &s,
                     const std::vector<int64_t> &rows, int64_t k);
/// The same for an [M, K] activation.
inline std::optional<std::vector<int64_t>>
activationScaleShape(const ActivationScheme &s, int64_t m, int64_t k) {
  return activationScaleShape(s, std::vector<int64_t>{m}, k);
}

} // namespace humming::format

#endif // HUMMING_FORMAT_SCHEME_H
