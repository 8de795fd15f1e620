//===- NumericFormat.h - Numeric formats of weights, scales, activations -===//
//
// One value type describes every number format Humming-MLIR handles: the
// weight codes (uintN, intN, floatNeXmY with N <= 8), and the scale and
// activation types (float32, float16, bfloat16, float8e4m3, float8e5m2,
// float8e8m0, int8, int4, float4e2m1). It knows how to name, parse, decode and
// encode each of them. This library has no MLIR or LLVM dependency: the
// compiler, the runtime, the tests and the reference GEMM all share it.
//
// Semantics (docs/formats.md is the long form):
//  * uintN: code c is the value c. intN: two's complement.
//  * floatNeXmY: S = N - X - Y sign bits (0 or 1), X exponent bits, Y mantissa
//    bits, bias 2^(X-1)-1 (0 when X = 0), subnormals, every code finite, with
//    three exceptions that follow their published definitions:
//      float8e4m3  OCP E4M3FN: S.1111.111 is NaN, max 448, no infinity;
//      float8e5m2  IEEE-like: exponent 31 is infinity (m = 0) or NaN;
//      float8e8m0  OCP E8M0: unsigned, value 2^(c-127), 0xFF is NaN, no zero.
//    float16 / bfloat16 / float32 are the IEEE (or bfloat16) types.
//  * encode() rounds to nearest, ties to even, and saturates to the largest
//    finite magnitude (to the range end for integers; to 0 / max for unsigned
//    formats given a negative value). NaN encodes to the format's NaN when it
//    has one and fails otherwise (see tryEncode).
//
//===----------------------------------------------------------------------===//

#ifndef HUMMING_FORMAT_NUMERICFORMAT_H
#define HUMMING_FORMAT_NUMERICFORMAT_H

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace humming::format {

enum class FormatKind : uint8_t { UInt, Int, Float };

/// How a float format spends its top codes.
enum class FloatSpecials : uint8_t {
  AllFinite, ///< every code is a finite number (the generic small floats)
  FiniteNaN, ///< E4M3FN: only the all-ones magnitude is NaN
  IEEE,      ///< exponent all-ones is inf / NaN (e5m2, f16, bf16, f32)
  E8M0,      ///< OCP scale format: 2^(c-bias), all-ones is NaN, no zero
};

class NumericFormat {
public:
  /// The default is an invalid format (bits == 0); use the factories.
  constexpr NumericFormat() = default;

  static NumericFormat uintN(unsigned bits);
  static NumericFormat intN(unsigned bits);
  /// floatNeXmY; the sign bit count is N - X - Y and must be 0 or 1.
  static NumericFormat floatN(unsigned bits, unsigned exponentBits,
                              unsigned mantissaBits);
  static NumericFormat f32() { return floatN(32, 8, 23); }
  static NumericFormat f16() { return floatN(16, 5, 10); }
  static NumericFormat bf16() { return floatN(16, 8, 7); }
  static NumericFormat e4m3() { return floatN(8, 4, 3); }
  static NumericFormat e5m2() { return floatN(8, 5, 2); }
  static NumericFormat ue8m0() { return floatN(8, 8, 0); }
  static NumericFormat e2m1() { return floatN(4, 2, 1); }

  /// Parses a canonical name ("uint4", "int8", "float4e2m1", "float16",
  /// "bfloat16", "float32") or an alias ("f16", "bf16", "f32", "e4m3",
  /// "e5m2", "ue8m0", "e8m0", "e2m1", "fp4"). Returns nullopt for anything
  /// else, including a well-formed name of an unsupported format (for
  /// example "uint9" or "float8e5m4", whose sign bit count
  /// 8 - 5 - 4 = -1 is not 0 or 1); `error` then says why.
  static std::optional<NumericFormat> parse(std::string_view name,
                                            std::string *error = nullptr);

  /// Canonical name: uintN, intN, floatNeXmY, float16, bfloat16, float32.
  std::string name() const;

  bool isValid() const { return bits_ != 0; }
  FormatKind kind() const { return kind_; }
  bool isInteger() const { return kind_ != FormatKind::Float; }
  bool isFloat() const { return kind_ == FormatKind::Float; }
  bool isSigned() const { return signed_; }
  unsigned bits() const { return bits_; }
  /// Float formats only (0 for integers).
  unsigned exponentBits() const { return exponentBits_; }
  unsigned mantissaBits() const { return mantissaBits_; }
  int exponentBias() const;
  FloatSpecials specials() const;
  /// True for float16 / bfloat16 / float32 and the named 8-bit types that
  /// have a standard hardware encoding.
  bool isStandardFloat() const;

  /// Number of distinct codes, 2^bits (bits <= 32).
  uint64_t numCodes() const { return uint64_t(1) << bits_; }
  /// Largest finite value, and the most negative finite value (0 or the
  /// smallest value for unsigned formats).
  double maxValue() const;
  double lowestValue() const;
  /// Smallest positive value (the smallest subnormal for floats, 2^-127 for
  /// float8e8m0). Integers return their code spacing 1 (int1 included).
  double minPositive() const;

  /// The value of `code` (its low `bits()` bits). NaN codes decode to NaN,
  /// infinity codes to +-infinity.
  double decode(uint32_t code) const;
  /// Nearest code, ties to even, saturating (see file comment). For a NaN
  /// input on a format without NaN the result is the code of 0.
  uint32_t encode(double value) const;
  /// Like encode, but NaN input on a format without NaN is an error.
  std::optional<uint32_t> tryEncode(double value) const;
  /// decode(encode(value)): the value after a round trip through the format.
  double round(double value) const { return decode(encode(value)); }

  bool operator==(const NumericFormat &o) const {
    return kind_ == o.kind_ && bits_ == o.bits_ && signed_ == o.signed_ &&
           exponentBits_ == o.exponentBits_ && mantissaBits_ == o.mantissaBits_;
  }
  bool operator!=(const NumericFormat &o) const { return !(*this == o); }

private:
  FormatKind kind_ = FormatKind::UInt;
  bool signed_ = false;
  uint8_t bits_ = 0;
  uint8_t exponentBits_ = 0;
  uint8_t mantissaBits_ = 0;
};

} // namespace humming::format

#endif // HUMMING_FORMAT_NUMERICFORMAT_H
