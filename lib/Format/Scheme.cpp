//===- Scheme.cpp - Weight and activation scheme rules and shapes ---------===//

#include "humming/Format/Scheme.h"

namespace humming::format {

const char *toString(ScaleGranularity g) {
  switch (g) {
  case ScaleGranularity::None: return "none";
  case ScaleGranularity::Channel: return "channel";
  case ScaleGranularity::Group: return "group";
  case ScaleGranularity::Block: return "block";
  case ScaleGranularity::Tensor: return "tensor";
  }
  return "?";
}

const char *toString(ZeroPointKind z) {
  switch (z) {
  case ZeroPointKind::None: return "none";
  case ZeroPointKind::Integer: return "integer";
  case ZeroPointKind::Float: return "float";
  }
  return "?";
}

const char *toString(SecondaryScale s) {
  switch (s) {
  case SecondaryScale::None: return "none";
  case SecondaryScale::Tensor: return "tensor";
  case SecondaryScale::Channel: return "channel";
  }
  return "?";
}

const char *toString(ActivationScaleGranularity g) {
  switch (g) {
  case ActivationScaleGranularity::None: return "none";
  case ActivationScaleGranularity::Token: return "token";
  case ActivationScaleGranularity::Group: return "group";
  case ActivationScaleGranularity::Tensor: return "tensor";
  }
  return "?";
}

static bool isPowerOfTwo(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

std::optional<std::string> checkGroupSize(const char *what, int64_t groupSize) {
  if (groupSize < kMinGroupSize || groupSize > kMaxGroupSize ||
      !isPowerOfTwo(groupSize))
    return std::string(what) + " group size " + std::to_string(groupSize) +
           " is not a power of two in [" + std::to_string(kMinGroupSize) +
           ", " + std::to_string(kMaxGroupSize) + "]";
  return std::nullopt;
}

/// Formats a scale may be stored in.
static bool isScaleFormat(const NumericFormat &f) {
  return f == NumericFormat::f32() || f == NumericFormat::f16() ||
         f == NumericFormat::bf16() || f == NumericFormat::e4m3() ||
         f == NumericFormat::e5m2() || f == NumericFormat::ue8m0();
}

double WeightScheme::implicitZeroValue() const {
  if (zeroPoint == ZeroPointKind::None && implicitZero &&
      format.kind() == FormatKind::UInt)
    return double(int64_t(1) << (format.bits() - 1));
  return 0.0;
}

std::optional<std::string> validate(const WeightScheme &s) {
  const NumericFormat &f = s.format;
  if (!f.isValid())
    return std::string("weight format is not set");
  if (f.bits() > 8)
    return "weight format " + f.name() + " is wider than 8 bits";
  if (!isScaleFormat(s.scaleFormat))
    return "scale type " + s.scaleFormat.name() +
           " is not one of float32, float16, bfloat16, float8e4m3, "
           "float8e5m2, float8e8m0";

  switch (s.scale) {
  case ScaleGranularity::Group:
    if (auto err = checkGroupSize("weight", s.groupSize))
      return err;
    break;
  case ScaleGranularity::Block:
    if (s.blockN <= 0 || s.blockK <= 0)
      return "block scale needs a positive block shape, got [" +
             std::to_string(s.blockN) + ", " + std::to_string(s.blockK) + "]";
    if (s.blockK % kMinGroupSize != 0)
      return "block scale K extent " + std::to_string(s.blockK) +
             " is not a multiple of " + std::to_string(kMinGroupSize);
    break;
  default:
    if (s.groupSize != 0)
      return std::string("group size is only meaningful with group scales, "
                         "not with scale = ") +
             toString(s.scale);
    break;
  }
  if (s.scale != ScaleGranularity::Block && (s.blockN != 0 || s.blockK != 0))
    return std::string("block shape is only meaningful with block scales, not "
                       "with scale = ") +
           toString(s.scale);

  switch (s.zeroPoint) {
  case ZeroPointKind::None:
    break;
  case ZeroPointKind::Integer:
  case ZeroPointKind::Float:
    if (f.kind() != FormatKind::UInt)
      return std::string(toString(s.zeroPoint)) +
             " zero points need an unsigned integer weight format, got " +
             f.name();
    if (s.scale == ScaleGranularity::Block)
      return std::string("zero points cannot be combined with block scales");
    if (s.scale != ScaleGranularity::Channel &&
        s.scale != ScaleGranularity::Group)
      return std::string("zero points need channel or group scales, not ") +
             toString(s.scale);
    if (s.zeroPoint == ZeroPointKind::Float && !s.scaleFormat.isSigned())
      return "float zero points are stored in the scale type, which must be "
             "signed, not " +
             s.scaleFormat.name();
    break;
  }
  // A symmetric 1-bit code is {-1, 0}: no positive value for a quantizer
  // to scale to, and without scales a weight that can only be -1 or 0. Not
  // supported (never checked on a GPU), whatever the scale kind.
  if (f.isInteger() && f.bits() == 1 && s.zeroPoint == ZeroPointKind::None &&
      (f.kind() == FormatKind::Int || s.implicitZero))
    return "symmetric 1-bit weights are not supported (" + f.name() +
           " decodes to {-1, 0}, no positive value); use " +
           (f.kind() == FormatKind::Int ? "uint1 with " : "") +
           "a zero point or implicit_zero = false (codes {0, 1})";
  if (!s.implicitZero && f.kind() != FormatKind::UInt)
    return "implicit_zero = false only applies to unsigned integer weights, "
           "not " +
           f.name();

  switch (s.secondary) {
  case SecondaryScale::None:
    break;
  case SecondaryScale::Tensor:
  case SecondaryScale::Channel:
    if (s.scale != ScaleGranularity::Group && s.scale != ScaleGranularity::Block)
      return std::string("a ") + toString(s.secondary) +
             " secondary scale needs group or block primary scales, not " +
             toString(s.scale);
    if (s.secondary == SecondaryScale::Channel &&
        s.scale == ScaleGranularity::Block)
      return std::string("a channel secondary scale needs group primary "
                         "scales: a block spans several channels");
    if (!(s.secondaryFormat == NumericFormat::f32() ||
          s.secondaryFormat == NumericFormat::f16() ||
          s.secondaryFormat == NumericFormat::bf16()))
      return "secondary scale type " + s.secondaryFormat.name() +
             " is not one of float32, float16, bfloat16";
    break;
  }
  return std::nullopt;
}

std::optional<std::string> validate(const ActivationScheme &s) {
  const NumericFormat &f = s.format;
  const bool is16Bit = f == NumericFormat::f16() || f == NumericFormat::bf16();
  const bool isQuantized = f == NumericFormat::e4m3() ||
                           f == NumericFormat::e5m2() ||
                           f == NumericFormat::e2m1() ||
                           f == NumericFormat::intN(8) ||
                           f == NumericFormat::intN(4);
  if (!is16Bit && !isQuantized)
    return "activation format " + (f.isValid() ? f.name() : "<unset>") +
           " is not one of float16, bfloat16, float8e4m3, float8e5m2, int8, "
           "int4, float4e2m1";
  if (is16Bit && s.scale != ActivationScaleGranularity::None)
    return "16-bit activations (" + f.name() +
           ") take no input scale, got " + toString(s.scale);
  if (isQuantized && s.scale == ActivationScaleGranularity::None)
    return "quantized activations (" + f.name() +
           ") need an input scale granularity (token, group or tensor)";
  if (s.scale == ActivationScaleGranularity::Group) {
    if (auto err = checkGroupSize("activation", s.groupSize))
      return err;
  } else if (s.groupSize != 0) {
    return std::string("activation group size is only meaningful with group "
                       "input scales, not ") +
           toString(s.scale);
  }
  if (s.scale != ActivationScaleGranularity::None &&
      !isScaleFormat(s.scaleFormat))
    return "activation scale type " + s.scaleFormat.name() +
           " is not one of float32, float16, bfloat16, float8e4m3, "
           "float8e5m2, float8e8m0";
  return std::nullopt;
}

std::optional<std::string> validateShape(const WeightScheme &s, int64_t n,
                                         int64_t k) {
  if (n <= 0 || k <= 0)
    return "layer extents must be positive, got N = " + std::to_string(n) +
           ", K = " + std::to_string(k);
  if ((k * int64_t(s.format.bits())) % 32 != 0)
    return "K = " + std::to_string(k) + " of " + s.format.name() +
           " codes does not fill whole int32 words (K * " +
           std::to_string(s.format.bits()) + " must be a multiple of 32)";
  if (s.scale == ScaleGranularity::Group && s.groupSize > 0 &&
      k % s.groupSize != 0)
    return "group size " + std::to_string(s.groupSize) +
           " does not divide K = " + std::to_string(k);
  return std::nullopt;
}

std::vector<int64_t> packedWeightShape(const WeightScheme &s, int64_t n,
                                       int64_t k) {
  return {n, k * int64_t(s.format.bits()) / 32};
}

static int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }

std::optional<std::vector<int64_t>> scaleShape(const WeightScheme &s,
                                               int64_t n, int64_t k) {
  switch (s.scale) {
  case ScaleGranularity::None: return std::nullopt;
  case ScaleGranularity::Channel: return std::vector<int64_t>{n};
  case ScaleGranularity::Group:
    return std::vector<int64_t>{n, k / s.groupSize};
  case ScaleGranularity::Block:
    return std::vector<int64_t>{ceilDiv(n, s.blockN), ceilDiv(k, s.blockK)};
  case ScaleGranularity::Tensor: return std::vector<int64_t>{};
  }
  return std::nullopt;
}

std::optional<std::vector<int64_t>> zeroPointShape(const WeightScheme &s,
                                                   int64_t n, int64_t k) {
  if (s.zeroPoint == ZeroPointKind::None)
    return std::nullopt;
  return scaleShape(s, n, k);
}

std::optional<std::vector<int64_t>> secondaryScaleShape(const WeightScheme &s,
                                                        int64_t n) {
  switch (s.secondary) {
  case SecondaryScale::None: return std::nullopt;
  case SecondaryScale::Tensor: return std::vector<int64_t>{};
  case SecondaryScale::Channel: return std::vector<int64_t>{n};
  }
  return std::nullopt;
}

std::optional<std::vector<int64_t>>
activationScaleShape(const ActivationScheme &s,
                     const std::vector<int64_t> &rows, int64_t k) {
  switch (s.scale) {
  case ActivationScaleGranularity::None: return std::nullopt;
  case ActivationScaleGranularity::Token: return rows;
  case ActivationScaleGranularity::Group: {
    std::vector<int64_t> shape = rows;
    shape.push_back(k / s.groupSize);
    return shape;
  }
  case ActivationScaleGranularity::Tensor: return std::vector<int64_t>{};
  }
  return std::nullopt;
}

} // namespace humming::format
