//===- NumericFormat.cpp - Numeric formats: names, decode, encode ---------===//
//
// No exceptions, no MLIR/LLVM. Encoding works on doubles with exact
// power-of-two scaling, so rounding is exact (no double rounding) for every
// format up to float32.
//
//===----------------------------------------------------------------------===//

#include "humming/Format/NumericFormat.h"

#include <cmath>
#include <limits>

using namespace humming::format;

namespace {

/// Round to nearest integer, ties to even, independent of the FP rounding mode.
double roundHalfEven(double q) {
  double fl = std::floor(q);
  double diff = q - fl; // exact for |q| < 2^52
  if (diff > 0.5)
    return fl + 1;
  if (diff < 0.5)
    return fl;
  return std::fmod(fl, 2.0) == 0 ? fl : fl + 1;
}

bool isF16(unsigned n, unsigned x, unsigned y) {
  return n == 16 && x == 5 && y == 10;
}
bool isBF16(unsigned n, unsigned x, unsigned y) {
  return n == 16 && x == 8 && y == 7;
}
bool isF32(unsigned n, unsigned x, unsigned y) {
  return n == 32 && x == 8 && y == 23;
}

void setError(std::string *error, std::string msg) {
  if (error)
    *error = std::move(msg);
}

/// Parses a decimal number without leading zeros (at most 3 digits) at the
/// start of `s`; advances `s`.
bool parseNumber(std::string_view &s, unsigned &value) {
  size_t i = 0;
  while (i < s.size() && s[i] >= '0' && s[i] <= '9')
    ++i;
  if (i == 0 || i > 3 || (i > 1 && s[0] == '0'))
    return false;
  value = 0;
  for (size_t j = 0; j < i; ++j)
    value = value * 10 + unsigned(s[j] - '0');
  s.remove_prefix(i);
  return true;
}

} // namespace

//===----------------------------------------------------------------------===//
// Factories
//===----------------------------------------------------------------------===//

NumericFormat NumericFormat::uintN(unsigned bits) {
  NumericFormat f;
  if (bits < 1 || bits > 8)
    return f;
  f.kind_ = FormatKind::UInt;
  f.signed_ = false;
  f.bits_ = uint8_t(bits);
  return f;
}

NumericFormat NumericFormat::intN(unsigned bits) {
  NumericFormat f = uintN(bits); // same width rule; two's complement codes
  if (f.isValid()) {
    f.kind_ = FormatKind::Int;
    f.signed_ = true;
  }
  return f;
}

NumericFormat NumericFormat::floatN(unsigned bits, unsigned exponentBits,
                                   unsigned mantissaBits) {
  NumericFormat f;
  bool ok;
  if (bits > 8)
    ok = isF16(bits, exponentBits, mantissaBits) ||
         isBF16(bits, exponentBits, mantissaBits) ||
         isF32(bits, exponentBits, mantissaBits);
  else
    ok = bits >= 1 && exponentBits + mantissaBits >= 1 &&
         exponentBits + mantissaBits <= bits &&
         bits - exponentBits - mantissaBits <= 1;
  if (!ok)
    return f;
  f.kind_ = FormatKind::Float;
  f.bits_ = uint8_t(bits);
  f.exponentBits_ = uint8_t(exponentBits);
  f.mantissaBits_ = uint8_t(mantissaBits);
  f.signed_ = bits - exponentBits - mantissaBits == 1;
  return f;
}

//===----------------------------------------------------------------------===//
// Names
//===----------------------------------------------------------------------===//

std::optional<NumericFormat> NumericFormat::parse(std::string_view name,
                                                  std::string *error) {
  struct Alias {
    const char *name;
    NumericFormat format;
  };
  const Alias aliases[] = {
      {"float16", f16()},     {"f16", f16()},       {"fp16", f16()},
      {"half", f16()},        {"bfloat16", bf16()}, {"bf16", bf16()},
      {"float32", f32()},     {"f32", f32()},       {"fp32", f32()},
      {"e4m3", e4m3()},       {"e4m3fn", e4m3()},   {"float8e4m3fn", e4m3()},
      {"e5m2", e5m2()},       {"ue8m0", ue8m0()},   {"e8m0", ue8m0()},
      {"e2m1", e2m1()},       {"fp4", e2m1()},
  };
  for (const Alias &a : aliases)
    if (name == a.name)
      return a.format;

  std::string full(name);
  std::string_view s = name;
  auto fail = [&](std::string msg) -> std::optional<NumericFormat> {
    setError(error, "'" + full + "': " + std::move(msg));
    return std::nullopt;
  };
  const char *expected = "expected uintN, intN, floatNeXmY, float16, "
                         "bfloat16, float32 or an alias (f16, fp16, half, "
                         "bf16, f32, fp32, e4m3, e5m2, ue8m0, e8m0, e2m1, fp4)";

  bool isUInt = s.substr(0, 4) == "uint";
  bool isInt = !isUInt && s.substr(0, 3) == "int";
  if (isUInt || isInt) {
    s.remove_prefix(isUInt ? 4 : 3);
    unsigned n;
    if (!parseNumber(s, n) || !s.empty())
      return fail(std::string("malformed integer format name; ") + expected);
    if (n < 1 || n > 8)
      return fail("integer formats have 1 to 8 bits");
    return isUInt ? uintN(n) : intN(n);
  }
  if (s.substr(0, 5) == "float") {
    s.remove_prefix(5);
    unsigned n, x, y;
    if (!parseNumber(s, n) || s.substr(0, 1) != "e")
      return fail(std::string("malformed float format name; ") + expected);
    s.remove_prefix(1);
    if (!parseNumber(s, x) || s.substr(0, 1) != "m")
      return fail(std::string("malformed float format name; ") + expected);
    s.remove_prefix(1);
    if (!parseNumber(s, y) || !s.empty())
      return fail(std::string("malformed float format name; ") + expected);
    if (n > 8) {
      if (isF16(n, x, y) || isBF16(n, x, y) || isF32(n, x, y))
        return floatN(n, x, y);
      return fail("float formats wider than 8 bits are only float16 "
                  "(float16e5m10), bfloat16 (float16e8m7) and float32 "
                  "(float32e8m23)");
    }
    if (n < 1)
      return fail("float formats have 1 to 8 bits");
    if (x + y < 1)
      return fail("a float format needs at least one exponent or mantissa "
                  "bit (X + Y >= 1)");
    int sign = int(n) - int(x) - int(y);
    if (sign != 0 && sign != 1)
      return fail("sign bits = " + std::to_string(n) + " - " +
                  std::to_string(x) + " - " + std::to_string(y) + " = " +
                  std::to_string(sign) + ", must be 0 or 1");
    return floatN(n, x, y);
  }
  return fail(std::string("unknown format name; ") + expected);
}

std::string NumericFormat::name() const {
  if (!isValid())
    return "<invalid>";
  switch (kind_) {
  case FormatKind::UInt:
    return "uint" + std::to_string(bits_);
  case FormatKind::Int:
    return "int" + std::to_string(bits_);
  case FormatKind::Float:
    break;
  }
  if (isF16(bits_, exponentBits_, mantissaBits_))
    return "float16";
  if (isBF16(bits_, exponentBits_, mantissaBits_))
    return "bfloat16";
  if (isF32(bits_, exponentBits_, mantissaBits_))
    return "float32";
  return "float" + std::to_string(bits_) + "e" +
         std::to_string(exponentBits_) + "m" + std::to_string(mantissaBits_);
}

//===----------------------------------------------------------------------===//
// Properties
//===----------------------------------------------------------------------===//

int NumericFormat::exponentBias() const {
  if (!isFloat() || exponentBits_ == 0)
    return 0;
  return (1 << (exponentBits_ - 1)) - 1;
}

FloatSpecials NumericFormat::specials() const {
  if (!isFloat())
    return FloatSpecials::AllFinite;
  if (bits_ > 8)
    return FloatSpecials::IEEE;
  if (bits_ == 8 && exponentBits_ == 4 && mantissaBits_ == 3)
    return FloatSpecials::FiniteNaN;
  if (bits_ == 8 && exponentBits_ == 5 && mantissaBits_ == 2)
    return FloatSpecials::IEEE;
  if (bits_ == 8 && exponentBits_ == 8 && mantissaBits_ == 0)
    return FloatSpecials::E8M0;
  return FloatSpecials::AllFinite;
}

bool NumericFormat::isStandardFloat() const {
  if (!isFloat())
    return false;
  if (bits_ > 8)
    return true;
  if (specials() != FloatSpecials::AllFinite)
    return true; // e4m3, e5m2, e8m0
  // OCP MX FP4 / FP6 element types.
  return (bits_ == 4 && exponentBits_ == 2 && mantissaBits_ == 1) ||
         (bits_ == 6 && exponentBits_ == 2 && mantissaBits_ == 3) ||
         (bits_ == 6 && exponentBits_ == 3 && mantissaBits_ == 2);
}

namespace {
/// Largest finite magnitude code (without the sign bit) of a float format.
uint32_t maxMagnitudeCode(const NumericFormat &f) {
  unsigned x = f.exponentBits(), y = f.mantissaBits();
  uint32_t all = (uint32_t(1) << (x + y)) - 1;
  switch (f.specials()) {
  case FloatSpecials::AllFinite:
    return all;
  case FloatSpecials::FiniteNaN:
    return all - 1;
  case FloatSpecials::IEEE:
    return (((uint32_t(1) << x) - 2) << y) | ((uint32_t(1) << y) - 1);
  case FloatSpecials::E8M0:
    return 0xFE;
  }
  return all;
}

/// Canonical NaN code, if the format has NaN.
std::optional<uint32_t> nanCode(const NumericFormat &f) {
  if (!f.isFloat())
    return std::nullopt;
  unsigned y = f.mantissaBits();
  switch (f.specials()) {
  case FloatSpecials::AllFinite:
    return std::nullopt;
  case FloatSpecials::FiniteNaN:
    return 0x7Fu;
  case FloatSpecials::IEEE: // exponent all ones, quiet bit (mantissa MSB) set
    return ((((uint32_t(1) << f.exponentBits()) - 1) << y) |
            (uint32_t(1) << (y - 1)));
  case FloatSpecials::E8M0:
    return 0xFFu;
  }
  return std::nullopt;
}
} // namespace

double NumericFormat::maxValue() const {
  if (!isValid())
    return 0;
  if (kind_ == FormatKind::UInt)
    return double((uint32_t(1) << bits_) - 1);
  if (kind_ == FormatKind::Int)
    return double((int32_t(1) << (bits_ - 1)) - 1);
  return decode(maxMagnitudeCode(*this));
}

double NumericFormat::lowestValue() const {
  if (!isValid())
    return 0;
  if (kind_ == FormatKind::UInt)
    return 0;
  if (kind_ == FormatKind::Int)
    return -double(int32_t(1) << (bits_ - 1));
  if (signed_)
    return -maxValue();
  if (specials() == FloatSpecials::E8M0)
    return decode(0);
  return 0;
}

double NumericFormat::minPositive() const {
  if (!isValid())
    return 0;
  if (!isFloat())
    return 1;
  if (specials() == FloatSpecials::E8M0)
    return decode(0);
  return decode(1); // magnitude code 1: smallest subnormal (or 2^(1-bias))
}

//===----------------------------------------------------------------------===//
// Decode / encode
//===----------------------------------------------------------------------===//

double NumericFormat::decode(uint32_t code) const {
  if (!isValid())
    return std::numeric_limits<double>::quiet_NaN();
  uint32_t mask = bits_ == 32 ? 0xFFFFFFFFu : ((uint32_t(1) << bits_) - 1);
  code &= mask;
  if (kind_ == FormatKind::UInt)
    return double(code);
  if (kind_ == FormatKind::Int) {
    int32_t v = int32_t(code);
    if (code >> (bits_ - 1))
      v -= int32_t(1) << bits_;
    return double(v);
  }
  const double nan = std::numeric_limits<double>::quiet_NaN();
  unsigned x = exponentBits_, y = mantissaBits_;
  if (specials() == FloatSpecials::E8M0)
    return code == 0xFF ? nan : std::ldexp(1.0, int(code) - 127);
  bool negative = signed_ && ((code >> (bits_ - 1)) & 1);
  uint32_t mag = code & ((uint32_t(1) << (x + y)) - 1);
  uint32_t e = mag >> y, m = mag & ((uint32_t(1) << y) - 1);
  double value;
  if (specials() == FloatSpecials::FiniteNaN && mag == 0x7F) {
    value = nan;
  } else if (specials() == FloatSpecials::IEEE && e == (uint32_t(1) << x) - 1) {
    value = m == 0 ? std::numeric_limits<double>::infinity() : nan;
  } else {
    int bias = exponentBias();
    if (e == 0)
      value = std::ldexp(double(m), 1 - bias - int(y));
    else
      value = std::ldexp(double((uint32_t(1) << y) + m),
                         int(e) - bias - int(y));
  }
  return negative ? -value : value;
}

std::optional<uint32_t> NumericFormat::tryEncode(double value) const {
  if (!isValid())
    return std::nullopt;
  if (std::isnan(value)) {
    if (auto nan = nanCode(*this))
      return *nan;
    return std::nullopt;
  }
  // Integers: round half to even, then clamp (infinities clamp too).
  if (!isFloat()) {
    double lo = lowestValue(), hi = maxValue();
    double r = value <= lo ? lo : value >= hi ? hi : roundHalfEven(value);
    if (r < lo)
      r = lo;
    if (r > hi)
      r = hi;
    int32_t v = int32_t(r);
    return uint32_t(v) & ((uint32_t(1) << bits_) - 1);
  }

  unsigned x = exponentBits_, y = mantissaBits_;
  // E8M0: powers of two 2^-127 .. 2^127, linear-domain rounding.
  if (specials() == FloatSpecials::E8M0) {
    if (!(value > std::ldexp(1.0, -127)))
      return 0u; // includes negatives and zero
    if (value >= std::ldexp(1.0, 127))
      return 0xFEu;
    int ex;
    double frac = std::frexp(value, &ex); // value = frac * 2^ex, frac in [.5,1)
    int e = ex - 1;                      // 2^e <= value < 2^(e+1)
    double q = frac * 2;                 // in [1, 2)
    uint32_t c = uint32_t(e + 127);
    if (q > 1.5 || (q == 1.5 && (c & 1)))
      ++c;
    return c;
  }

  bool negative = std::signbit(value);
  if (negative && !signed_)
    return 0u; // unsigned formats clamp negatives (and -0) to the code 0
  double a = std::fabs(value);
  uint32_t maxMag = maxMagnitudeCode(*this);
  uint32_t mag;
  if (a >= decode(maxMag)) {
    mag = maxMag; // saturate (also +-infinity)
  } else {
    int bias = exponentBias();
    int minNormalExp = 1 - bias;
    int ex = 0;
    if (a != 0)
      std::frexp(a, &ex);
    int e = ex - 1; // 2^e <= a < 2^(e+1)
    if (a == 0) {
      mag = 0;
    } else if (x == 0 || e < minNormalExp) {
      // Subnormal range: step 2^(1 - bias - y). The carry into the first
      // normal (m == 2^y) is the right code.
      double q = std::ldexp(a, -(minNormalExp - int(y)));
      mag = uint32_t(roundHalfEven(q));
    } else {
      double q = std::ldexp(a, -(e - int(y))); // in [2^y, 2^(y+1))
      uint32_t base = uint32_t(e + bias) << y;
      if (y == 0) {
        // Between 2^e (code base) and 2^(e+1) (code base + 1): ties to the
        // even code, not to the even (always 2) significand.
        mag = base + ((q > 1.5 || (q == 1.5 && (base & 1))) ? 1 : 0);
      } else {
        uint32_t m = uint32_t(roundHalfEven(q));
        mag = base + m - (uint32_t(1) << y); // carries into the exponent
      }
    }
    if (mag > maxMag)
      mag = maxMag;
  }
  uint32_t code = mag;
  if (negative && signed_)
    code |= uint32_t(1) << (bits_ - 1);
  return code;
}

uint32_t NumericFormat::encode(double value) const {
  if (auto c = tryEncode(value))
    return *c;
  if (!isValid())
    return 0;
  // NaN on a format without NaN: the code of 0.
  return 0;
}
