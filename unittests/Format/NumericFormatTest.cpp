//===- NumericFormatTest.cpp - Exhaustive tests of every numeric format ---===//
//
// The expected value of every code is computed here from the format's
// definition (bit fields, std::pow), independently of the library's decode.
//
//===----------------------------------------------------------------------===//

#include "humming/Format/NumericFormat.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cfloat>
#include <cmath>
#include <cstring>
#include <limits>
#include <random>
#include <vector>

using namespace humming::format;

namespace {

const double kNaN = std::numeric_limits<double>::quiet_NaN();
const double kInf = std::numeric_limits<double>::infinity();

/// Every valid format with at most 8 bits.
std::vector<NumericFormat> allSmallFormats() {
  std::vector<NumericFormat> out;
  for (unsigned n = 1; n <= 8; ++n) {
    out.push_back(NumericFormat::uintN(n));
    out.push_back(NumericFormat::intN(n));
  }
  for (unsigned n = 1; n <= 8; ++n)
    for (unsigned x = 0; x <= n; ++x)
      for (unsigned y = 0; x + y <= n; ++y) {
        unsigned s = n - x - y;
        if (s > 1 || x + y < 1)
          continue;
        out.push_back(NumericFormat::floatN(n, x, y));
      }
  return out;
}

/// The value of `code` from the definitions in docs/formats.md, written
/// without the library: std::pow on the bit fields.
double expectedValue(const NumericFormat &f, uint32_t code) {
  unsigned n = f.bits();
  std::string name = f.name();
  if (name.rfind("uint", 0) == 0)
    return double(code);
  if (name.rfind("int", 0) == 0)
    return code >= (1u << (n - 1)) ? double(code) - std::pow(2.0, n)
                                   : double(code);
  unsigned x = f.exponentBits(), y = f.mantissaBits();
  unsigned s = n - x - y;
  if (name == "float8e8m0")
    return code == 255 ? kNaN : std::pow(2.0, double(code) - 127.0);
  bool neg = s == 1 && (code >> (n - 1)) == 1;
  uint32_t e = (code >> y) & ((1u << x) - 1);
  uint32_t m = code & ((1u << y) - 1);
  double bias = x == 0 ? 0.0 : std::pow(2.0, x - 1) - 1;
  bool ieee = name == "float8e5m2" || name == "float16" || name == "bfloat16";
  double v;
  if (name == "float8e4m3" && e == 15 && m == 7)
    v = kNaN;
  else if (ieee && e == (1u << x) - 1)
    v = m == 0 ? kInf : kNaN;
  else if (e == 0)
    v = std::pow(2.0, 1 - bias) * (double(m) / std::pow(2.0, y));
  else
    v = std::pow(2.0, double(e) - bias) * (1.0 + double(m) / std::pow(2.0, y));
  return neg ? -v : v;
}

bool sameValue(double a, double b) {
  if (std::isnan(a) || std::isnan(b))
    return std::isnan(a) && std::isnan(b);
  return a == b && std::signbit(a) == std::signbit(b);
}

struct Entry {
  double value;
  uint32_t code;
};

/// Finite (value, code) pairs sorted by value; -0 sorts before +0.
std::vector<Entry> sortedFinite(const NumericFormat &f) {
  std::vector<Entry> es;
  for (uint32_t c = 0; c < f.numCodes(); ++c) {
    double v = expectedValue(f, c);
    if (std::isfinite(v))
      es.push_back({v, c});
  }
  std::sort(es.begin(), es.end(), [](const Entry &a, const Entry &b) {
    if (a.value != b.value)
      return a.value < b.value;
    return std::signbit(a.value) > std::signbit(b.value);
  });
  return es;
}

/// Checks decode and encode round trip for every code, and the rounding at
/// every midpoint between adjacent values, and saturation.
void checkFormatExhaustively(const NumericFormat &f) {
  SCOPED_TRACE(f.name());
  ASSERT_TRUE(f.isValid());
  uint32_t numCodes = uint32_t(f.numCodes());
  for (uint32_t c = 0; c < numCodes; ++c) {
    double expected = expectedValue(f, c);
    double got = f.decode(c);
    ASSERT_TRUE(sameValue(got, expected))
        << "code " << c << " decodes to " << got << ", expected " << expected;
    if (std::isnan(expected)) {
      ASSERT_TRUE(std::isnan(f.decode(f.encode(kNaN)))) << "code " << c;
    } else if (std::isinf(expected)) {
      // Infinity saturates to the largest finite magnitude.
      ASSERT_EQ(f.decode(f.encode(expected)),
                expected > 0 ? f.maxValue() : f.lowestValue());
    } else {
      ASSERT_EQ(f.encode(expected), c) << "value " << expected;
    }
  }

  std::vector<Entry> es = sortedFinite(f);
  for (size_t i = 0; i + 1 < es.size(); ++i) {
    const Entry &lo = es[i], &hi = es[i + 1];
    if (lo.value == hi.value)
      continue; // -0 and +0
    double mid = (lo.value + hi.value) / 2; // exact: few-bit values
    uint32_t even = (lo.code & 1) == 0 ? lo.code : hi.code;
    ASSERT_NE(lo.code & 1, hi.code & 1)
        << "adjacent codes of equal parity " << lo.code << " " << hi.code;
    ASSERT_EQ(f.encode(mid), even)
        << "midpoint " << mid << " of " << lo.value << " and " << hi.value;
    double eps = (hi.value - lo.value) * 0x1p-20;
    ASSERT_EQ(f.encode(mid - eps), lo.code) << "below midpoint " << mid;
    ASSERT_EQ(f.encode(mid + eps), hi.code) << "above midpoint " << mid;
    // Values strictly inside the rounding interval of lo / hi.
    ASSERT_EQ(f.encode(lo.value + (hi.value - lo.value) * 0.25), lo.code);
    ASSERT_EQ(f.encode(hi.value - (hi.value - lo.value) * 0.25), hi.code);
  }

  // Saturation above the largest and below the lowest value.
  const Entry &top = es.back(), &bottom = es.front();
  EXPECT_EQ(top.value, f.maxValue());
  EXPECT_EQ(bottom.value, f.lowestValue());
  double span = top.value - es[es.size() - 2].value;
  for (double over : {top.value + span * 0.75, top.value * 2 + 1, 1e300, kInf})
    EXPECT_EQ(f.encode(over), top.code) << "over " << over;
  for (double under : {bottom.value - span * 0.75, -2 * std::fabs(
                                                       bottom.value) - 1,
                       -1e300, -kInf})
    EXPECT_EQ(f.encode(under), bottom.code) << "under " << under;

  // Smallest positive value.
  double minPos = kInf;
  for (const Entry &e : es)
    if (e.value > 0)
      minPos = std::min(minPos, e.value);
  // Integers report their code spacing 1 (int1 has no positive value).
  EXPECT_EQ(f.minPositive(), f.isInteger() ? 1.0 : minPos);

  // Signed zero.
  if (f.isFloat() && f.isSigned()) {
    uint32_t negZero = 1u << (f.bits() - 1);
    EXPECT_EQ(f.encode(-0.0), negZero);
    EXPECT_TRUE(sameValue(f.decode(negZero), -0.0));
    EXPECT_EQ(f.encode(-minPos * 0.25), negZero);
    EXPECT_EQ(f.encode(minPos * 0.25), 0u);
  }

  // NaN input.
  bool hasNaN = false;
  for (uint32_t c = 0; c < numCodes; ++c)
    hasNaN |= std::isnan(expectedValue(f, c));
  if (hasNaN) {
    ASSERT_TRUE(f.tryEncode(kNaN).has_value());
    EXPECT_TRUE(std::isnan(f.decode(*f.tryEncode(kNaN))));
  } else {
    EXPECT_FALSE(f.tryEncode(kNaN).has_value());
    EXPECT_EQ(f.decode(f.encode(kNaN)), f.lowestValue() > 0 ? f.lowestValue()
                                                             : 0.0);
  }
}

} // namespace

TEST(NumericFormat, EverySmallFormatExhaustive) {
  std::vector<NumericFormat> formats = allSmallFormats();
  // 16 integer formats; floats: per N, N+1 combos with S = 0 and N with
  // S = 1, minus e0m0.
  size_t expected = 16;
  for (unsigned n = 1; n <= 8; ++n)
    expected += (n + 1) + n - (n == 1 ? 1 : 0);
  ASSERT_EQ(formats.size(), expected);
  for (const NumericFormat &f : formats)
    checkFormatExhaustively(f);
}

TEST(NumericFormat, SixteenBitFormatsExhaustive) {
  checkFormatExhaustively(NumericFormat::f16());
  checkFormatExhaustively(NumericFormat::bf16());
}

TEST(NumericFormat, SixteenBitAgainstHardwareTypes) {
  NumericFormat bf = NumericFormat::bf16(), h = NumericFormat::f16();
  for (uint32_t c = 0; c < 65536; ++c) {
    uint32_t bits = c << 16;
    float fv;
    std::memcpy(&fv, &bits, 4);
    ASSERT_TRUE(sameValue(bf.decode(c), fv)) << c;
#if defined(__FLT16_MAX__)
    uint16_t hb = uint16_t(c);
    _Float16 hv;
    std::memcpy(&hv, &hb, 2);
    ASSERT_TRUE(sameValue(h.decode(c), double(hv))) << c;
#endif
  }
#if defined(__FLT16_MAX__)
  // Encoding random doubles agrees with the compiler's RNE conversion.
  std::mt19937_64 rng(7);
  std::uniform_real_distribution<double> mant(-1, 1);
  std::uniform_int_distribution<int> ex(-30, 15);
  for (int i = 0; i < 100000; ++i) {
    double d = std::ldexp(mant(rng), ex(rng));
    _Float16 hv = _Float16(d);
    uint16_t hb;
    std::memcpy(&hb, &hv, 2);
    ASSERT_EQ(h.encode(d), hb) << d;
  }
#endif
}

TEST(NumericFormat, Float32SpotChecks) {
  NumericFormat f = NumericFormat::f32();
  EXPECT_EQ(f.encode(1.0), 0x3F800000u);
  EXPECT_EQ(f.encode(-2.0), 0xC0000000u);
  EXPECT_EQ(f.encode(0.0), 0u);
  EXPECT_EQ(f.encode(-0.0), 0x80000000u);
  EXPECT_EQ(f.encode(FLT_MAX), 0x7F7FFFFFu);
  EXPECT_EQ(f.encode(1e39), 0x7F7FFFFFu);
  EXPECT_EQ(f.encode(-1e39), 0xFF7FFFFFu);
  EXPECT_EQ(f.encode(kInf), 0x7F7FFFFFu);
  EXPECT_EQ(f.encode(-kInf), 0xFF7FFFFFu);
  EXPECT_EQ(f.encode(kNaN), 0x7FC00000u);
  EXPECT_EQ(f.encode(0x1p-149), 1u);
  EXPECT_EQ(f.encode(0x1p-150), 0u);             // tie -> even (0)
  EXPECT_EQ(f.encode(0x1.8p-149), 2u);           // tie 1.5 -> 2
  EXPECT_EQ(f.encode(0x1p-150 + 0x1p-170), 1u);  // just above the tie
  EXPECT_EQ(f.encode(1.0 + 0x1p-24), 0x3F800000u);  // tie -> even
  EXPECT_EQ(f.encode(1.0 + 0x1.8p-23), 0x3F800002u); // tie -> even (up)
  EXPECT_EQ(f.maxValue(), double(FLT_MAX));
  EXPECT_EQ(f.minPositive(), 0x1p-149);
  EXPECT_EQ(f.exponentBias(), 127);
  EXPECT_EQ(f.decode(0x7F800000u), kInf);
  EXPECT_TRUE(std::isnan(f.decode(0x7F800001u)));
  // Random bit patterns decode like the hardware float, and finite ones
  // round trip; random doubles encode like the compiler's conversion.
  std::mt19937 rng(3);
  for (int i = 0; i < 200000; ++i) {
    uint32_t bits = rng();
    float fv;
    std::memcpy(&fv, &bits, 4);
    ASSERT_TRUE(sameValue(f.decode(bits), fv)) << bits;
    if (std::isfinite(fv)) {
      ASSERT_EQ(f.encode(fv), bits);
    }
  }
  std::mt19937_64 rng64(5);
  std::uniform_real_distribution<double> mant(-1, 1);
  std::uniform_int_distribution<int> ex(-160, 127);
  for (int i = 0; i < 200000; ++i) {
    double d = std::ldexp(mant(rng64), ex(rng64));
    float fv = float(d);
    uint32_t bits;
    std::memcpy(&bits, &fv, 4);
    ASSERT_EQ(f.encode(d), bits) << d;
  }
}

TEST(NumericFormat, NamedFormatProperties) {
  struct Row {
    NumericFormat f;
    const char *name;
    double max, minPos, lowest;
    int bias;
    FloatSpecials specials;
  } rows[] = {
      {NumericFormat::e4m3(), "float8e4m3", 448, 0x1p-9, -448, 7,
       FloatSpecials::FiniteNaN},
      {NumericFormat::e5m2(), "float8e5m2", 57344, 0x1p-16, -57344, 15,
       FloatSpecials::IEEE},
      {NumericFormat::ue8m0(), "float8e8m0", 0x1p127, 0x1p-127, 0x1p-127, 127,
       FloatSpecials::E8M0},
      {NumericFormat::e2m1(), "float4e2m1", 6, 0.5, -6, 1,
       FloatSpecials::AllFinite},
      {NumericFormat::f16(), "float16", 65504, 0x1p-24, -65504, 15,
       FloatSpecials::IEEE},
      {NumericFormat::bf16(), "bfloat16", 0x1.FEp127, 0x1p-133, -0x1.FEp127,
       127, FloatSpecials::IEEE},
      {NumericFormat::floatN(6, 2, 3), "float6e2m3", 7.5, 0.125, -7.5, 1,
       FloatSpecials::AllFinite},
      {NumericFormat::floatN(6, 3, 2), "float6e3m2", 28, 0.0625, -28, 3,
       FloatSpecials::AllFinite},
      {NumericFormat::floatN(3, 0, 3), "float3e0m3", 7.0 / 4, 0.25, 0, 0,
       FloatSpecials::AllFinite},
      {NumericFormat::uintN(4), "uint4", 15, 1, 0, 0,
       FloatSpecials::AllFinite},
      {NumericFormat::intN(4), "int4", 7, 1, -8, 0, FloatSpecials::AllFinite},
      {NumericFormat::intN(1), "int1", 0, 1, -1, 0, FloatSpecials::AllFinite},
  };
  for (const Row &r : rows) {
    SCOPED_TRACE(r.name);
    EXPECT_EQ(r.f.name(), r.name);
    EXPECT_EQ(r.f.maxValue(), r.max);
    EXPECT_EQ(r.f.minPositive(), r.minPos);
    EXPECT_EQ(r.f.lowestValue(), r.lowest);
    EXPECT_EQ(r.f.exponentBias(), r.bias);
    EXPECT_EQ(r.f.specials(), r.specials);
  }
  EXPECT_TRUE(NumericFormat::e4m3().isStandardFloat());
  EXPECT_TRUE(NumericFormat::e2m1().isStandardFloat());
  EXPECT_TRUE(NumericFormat::bf16().isStandardFloat());
  EXPECT_FALSE(NumericFormat::floatN(5, 2, 2).isStandardFloat());
  EXPECT_FALSE(NumericFormat::intN(8).isStandardFloat());
  EXPECT_FALSE(NumericFormat::ue8m0().isSigned());
  EXPECT_TRUE(NumericFormat::e4m3().isSigned());
  EXPECT_FALSE(NumericFormat::floatN(8, 4, 4).isSigned());
  // e8m0 rounds in the linear domain, ties to the even code.
  NumericFormat e8 = NumericFormat::ue8m0();
  EXPECT_EQ(e8.encode(1.5), 128u);  // 1 (127) vs 2 (128): tie -> 128 (even)
  EXPECT_EQ(e8.encode(3.0), 128u);  // 2 (128) vs 4 (129): tie -> 128
  EXPECT_EQ(e8.encode(3.01), 129u);
  EXPECT_EQ(e8.encode(0.0), 0u);
  EXPECT_EQ(e8.encode(-5.0), 0u);
  EXPECT_EQ(e8.encode(0x1p-140), 0u);
  // e4m3: 464 is the midpoint between 448 and the (NaN) next code: saturate.
  EXPECT_EQ(NumericFormat::e4m3().encode(464), 0x7Eu);
  EXPECT_EQ(NumericFormat::e4m3().encode(1e6), 0x7Eu);
  EXPECT_EQ(NumericFormat::e4m3().encode(-1e6), 0xFEu);
  EXPECT_EQ(NumericFormat::e5m2().encode(kInf), 0x7Bu);
  EXPECT_EQ(NumericFormat::e5m2().encode(kNaN), 0x7Eu);
}

TEST(NumericFormat, InvalidFactories) {
  EXPECT_FALSE(NumericFormat().isValid());
  EXPECT_FALSE(NumericFormat::uintN(0).isValid());
  EXPECT_FALSE(NumericFormat::uintN(9).isValid());
  EXPECT_FALSE(NumericFormat::intN(9).isValid());
  EXPECT_FALSE(NumericFormat::floatN(8, 5, 4).isValid());
  EXPECT_FALSE(NumericFormat::floatN(8, 3, 3).isValid()); // 2 sign bits
  EXPECT_FALSE(NumericFormat::floatN(1, 0, 0).isValid());
  EXPECT_FALSE(NumericFormat::floatN(16, 6, 9).isValid());
  EXPECT_FALSE(NumericFormat::floatN(12, 4, 7).isValid());
  EXPECT_TRUE(NumericFormat::floatN(8, 4, 4).isValid());
}

TEST(NumericFormat, NamesRoundTrip) {
  std::vector<NumericFormat> all = allSmallFormats();
  all.push_back(NumericFormat::f16());
  all.push_back(NumericFormat::bf16());
  all.push_back(NumericFormat::f32());
  for (const NumericFormat &f : all) {
    std::string err;
    auto p = NumericFormat::parse(f.name(), &err);
    ASSERT_TRUE(p.has_value()) << f.name() << ": " << err;
    EXPECT_EQ(*p, f) << f.name();
  }
  struct Alias {
    const char *name;
    NumericFormat f;
  } aliases[] = {
      {"f16", NumericFormat::f16()},      {"half", NumericFormat::f16()},
      {"float16e5m10", NumericFormat::f16()},
      {"bf16", NumericFormat::bf16()},    {"float16e8m7", NumericFormat::bf16()},
      {"f32", NumericFormat::f32()},      {"e4m3", NumericFormat::e4m3()},
      {"e5m2", NumericFormat::e5m2()},    {"ue8m0", NumericFormat::ue8m0()},
      {"e8m0", NumericFormat::ue8m0()},   {"e2m1", NumericFormat::e2m1()},
      {"fp4", NumericFormat::e2m1()},     {"float4e2m1", NumericFormat::e2m1()},
      {"float8e4m3", NumericFormat::e4m3()},
  };
  for (const Alias &a : aliases) {
    auto p = NumericFormat::parse(a.name);
    ASSERT_TRUE(p.has_value()) << a.name;
    EXPECT_EQ(*p, a.f) << a.name;
  }
  EXPECT_EQ(NumericFormat::e4m3().name(), "float8e4m3");
  EXPECT_EQ(NumericFormat::e5m2().name(), "float8e5m2");
  EXPECT_EQ(NumericFormat::ue8m0().name(), "float8e8m0");
  EXPECT_EQ(NumericFormat::bf16().name(), "bfloat16");
  EXPECT_EQ(NumericFormat::floatN(8, 4, 4).name(), "float8e4m4");
}

TEST(NumericFormat, ParseErrors) {
  struct Bad {
    const char *name;
    const char *message; // substring of the error
  } bad[] = {
      {"uint9", "integer formats have 1 to 8 bits"},
      {"int0", "integer formats have 1 to 8 bits"},
      {"uint", "malformed integer format name"},
      {"uint04", "malformed integer format name"},
      {"int4x", "malformed integer format name"},
      {"float8e5m4", "sign bits = 8 - 5 - 4 = -1, must be 0 or 1"},
      {"float8e3m3", "sign bits = 8 - 3 - 3 = 2, must be 0 or 1"},
      {"float1e0m0", "at least one exponent or mantissa bit"},
      {"float0e0m0", "float formats have 1 to 8 bits"},
      {"float12e4m7", "float formats wider than 8 bits"},
      {"float16e6m9", "float formats wider than 8 bits"},
      {"float8e4", "malformed float format name"},
      {"float8m3", "malformed float format name"},
      {"float", "malformed float format name"},
      {"fp8", "unknown format name"},
      {"", "unknown format name"},
      {"Float16", "unknown format name"},
  };
  for (const Bad &b : bad) {
    std::string err;
    EXPECT_FALSE(NumericFormat::parse(b.name, &err).has_value()) << b.name;
    EXPECT_NE(err.find(b.message), std::string::npos)
        << b.name << " -> " << err;
    EXPECT_NE(err.find(std::string("'") + b.name + "'"), std::string::npos)
        << err;
  }
  // A null error pointer is fine.
  EXPECT_FALSE(NumericFormat::parse("uint9").has_value());
}
