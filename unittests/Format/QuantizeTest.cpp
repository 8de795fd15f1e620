//===- QuantizeTest.cpp - Quantization recipes and error bounds -----------===//
//
// For each scheme: the scales are recomputed here from the recipe of
// docs/formats.md and compared; then every element is checked against the
// error bound. In code units (x = w / (s*s2) + z, the exact position of w on
// the code axis), the decoded code d must satisfy
//   |x - d| <= half the gap between the two representable values around x
// when x lies inside the code range (round to nearest), and when x lies
// outside the range (saturation) |x - d| = its distance to the range end,
// which must be at most
//   qspan * max(0, raw / (s*s2) - 1) + zshift,
// where raw is the exact (unrounded) scale of the group, qspan the largest
// |code value - z| at the range ends, and zshift the zero point's rounding
// (|z - (-min/(s*s2))| for zero points, at most 0.5 for integer ones; else
// 0), and qspan = 2^N - 1 with a zero point (x - z + min/(s*s2) spans
// [0, (2^N - 1) * raw/(s*s2)]), else the larger side of the code range:
// with the exact scale and zero point x could not leave the range, so only
// the scale's rounding (s below raw/s2 stretches x by raw/(s*s2)) and the
// zero point's rounding can push it out. |w - dq| = |x - d| * s * s2.
//
//===----------------------------------------------------------------------===//

#include "humming/Format/Pack.h"
#include "humming/Format/Quantize.h"
#include "humming/Format/Reference.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <functional>
#include <random>

using namespace humming::format;

namespace {

std::vector<double> sortedValues(const NumericFormat &f) {
  std::vector<double> v;
  for (uint32_t c = 0; c < f.numCodes(); ++c) {
    double d = f.decode(c);
    if (std::isfinite(d))
      v.push_back(d);
  }
  std::sort(v.begin(), v.end());
  v.erase(std::unique(v.begin(), v.end()), v.end());
  return v;
}

/// Allowed |x - d| for rounding to nearest: half the local gap, or the
/// distance to the range when outside (returned through `outside`).
double roundingBound(const std::vector<double> &vals, double x,
                     double &outside) {
  outside = 0;
  if (x >= vals.back()) {
    outside = x - vals.back();
    return outside;
  }
  if (x <= vals.front()) {
    outside = vals.front() - x;
    return outside;
  }
  auto it = std::upper_bound(vals.begin(), vals.end(), x);
  return (*it - *(it - 1)) / 2;
}

std::vector<float> makeData(int64_t n, int64_t k, unsigned seed,
                            bool nonNegative) {
  std::mt19937 rng(seed);
  std::normal_distribution<float> nd(0.f, 1.f);
  std::vector<float> w(size_t(n * k));
  for (float &v : w) {
    v = nd(rng);
    if (rng() % 50 == 0)
      v *= 8; // outliers
    if (nonNegative)
      v = std::fabs(v);
  }
  // Row 1 all zero (channel/group guard), first 16 elements of row 2 zero.
  if (n > 1)
    std::fill(w.begin() + k, w.begin() + 2 * k, 0.f);
  if (n > 2)
    std::fill(w.begin() + 2 * k, w.begin() + 2 * k + 16, 0.f);
  return w;
}

/// The test's own scale-group id of element (r, c).
int64_t groupId(const WeightScheme &s, int64_t k, int64_t r, int64_t c) {
  switch (s.scale) {
  case ScaleGranularity::Channel:
    return r;
  case ScaleGranularity::Group:
    return r * (k / s.groupSize) + c / s.groupSize;
  case ScaleGranularity::Block:
    return (r / s.blockN) * ((k + s.blockK - 1) / s.blockK) + c / s.blockK;
  default:
    return 0;
  }
}

/// Scale rounding rule from the docs, checked independently for e8m0.
void expectScaleRounding(const NumericFormat &f, double raw, double got,
                         const std::string &what) {
  if (f.specials() == FloatSpecials::E8M0) {
    EXPECT_GE(got, std::min(raw, 0x1p127)) << what;
    if (raw > 0x1p-127) {
      EXPECT_LT(got / 2, raw) << what; // the smallest power of two >= raw
    }
    EXPECT_EQ(std::exp2(std::round(std::log2(got))), got) << what;
  } else {
    EXPECT_EQ(got, f.round(raw)) << what << " raw " << raw;
  }
}

void runWeightCase(const std::string &label, const WeightScheme &s, int64_t n,
                   int64_t k) {
  SCOPED_TRACE(label);
  const NumericFormat &q = s.format;
  bool nonNegative = !q.isSigned() && s.zeroPoint == ZeroPointKind::None &&
                     !(q.kind() == FormatKind::UInt && s.implicitZero);
  std::vector<float> w =
      makeData(n, k, unsigned(std::hash<std::string>()(label)), nonNegative);
  std::string err;
  auto res = quantizeWeights(s, w.data(), n, k, &err);
  ASSERT_TRUE(res) << err;
  const QuantizedWeights &Q = *res;
  ASSERT_EQ(Q.codes.size(), size_t(n * k));
  for (uint32_t c : Q.codes)
    ASSERT_LT(c, q.numCodes());

  // --- The recipe, recomputed.
  int64_t numGroups = 1;
  if (s.scale == ScaleGranularity::Channel)
    numGroups = n;
  if (s.scale == ScaleGranularity::Group)
    numGroups = n * (k / s.groupSize);
  if (s.scale == ScaleGranularity::Block)
    numGroups = ((n + s.blockN - 1) / s.blockN) *
                ((k + s.blockK - 1) / s.blockK);
  ASSERT_EQ(int64_t(Q.scales.size()), numGroups);
  ASSERT_EQ(Q.scaleCodes.size(), Q.scales.size());
  std::vector<double> lo(size_t(numGroups), 1e300), hi(size_t(numGroups),
                                                       -1e300),
      amax(size_t(numGroups), 0);
  std::vector<int64_t> rowOfGroup(size_t(numGroups), 0);
  for (int64_t r = 0; r < n; ++r)
    for (int64_t c = 0; c < k; ++c) {
      size_t g = size_t(groupId(s, k, r, c));
      double v = w[size_t(r * k + c)];
      lo[g] = std::min(lo[g], v);
      hi[g] = std::max(hi[g], v);
      amax[g] = std::max(amax[g], std::fabs(v));
      rowOfGroup[g] = r;
    }
  double zImplicit = 0;
  std::vector<double> raw(static_cast<size_t>(numGroups));
  for (size_t g = 0; g < raw.size(); ++g) {
    if (s.zeroPoint == ZeroPointKind::Integer) {
      lo[g] = std::min(lo[g], 0.0);
      hi[g] = std::max(hi[g], 0.0);
      raw[g] = (hi[g] - lo[g]) / (std::exp2(q.bits()) - 1);
    } else if (s.zeroPoint == ZeroPointKind::Float) {
      if (hi[g] == lo[g]) {
        lo[g] = std::min(lo[g], 0.0);
        hi[g] = std::max(hi[g], 0.0);
      }
      raw[g] = (hi[g] - lo[g]) / (std::exp2(q.bits()) - 1);
    } else if (q.kind() == FormatKind::UInt && s.implicitZero) {
      zImplicit = std::exp2(q.bits() - 1);
      raw[g] = amax[g] / (zImplicit - 1);
    } else {
      raw[g] = amax[g] / q.maxValue();
    }
  }
  std::vector<double> s2(size_t(n), 1.0);
  if (s.secondary != SecondaryScale::None) {
    bool tensor = s.secondary == SecondaryScale::Tensor;
    ASSERT_EQ(Q.secondaryScales.size(), tensor ? 1u : size_t(n));
    std::vector<double> maxRaw(Q.secondaryScales.size(), 0);
    for (size_t g = 0; g < raw.size(); ++g) {
      size_t i = tensor ? 0 : size_t(rowOfGroup[g]);
      maxRaw[i] = std::max(maxRaw[i], raw[g]);
    }
    for (size_t i = 0; i < maxRaw.size(); ++i) {
      double r2 = maxRaw[i] > 0 ? maxRaw[i] / s.scaleFormat.maxValue() : 1.0;
      expectScaleRounding(s.secondaryFormat, r2, Q.secondaryScales[i],
                          "secondary " + std::to_string(i));
      EXPECT_EQ(s.secondaryFormat.decode(Q.secondaryScaleCodes[i]),
                Q.secondaryScales[i]);
    }
    for (int64_t r = 0; r < n; ++r)
      s2[size_t(r)] = Q.secondaryScales[tensor ? 0 : size_t(r)];
  } else {
    ASSERT_TRUE(Q.secondaryScales.empty());
  }
  for (size_t g = 0; g < raw.size(); ++g) {
    double target = raw[g] > 0 ? raw[g] / s2[size_t(rowOfGroup[g])] : 1.0;
    expectScaleRounding(s.scaleFormat, target, Q.scales[g],
                        "scale " + std::to_string(g));
    EXPECT_EQ(s.scaleFormat.decode(Q.scaleCodes[g]), Q.scales[g]);
    ASSERT_GT(Q.scales[g], 0);
  }
  if (s.zeroPoint != ZeroPointKind::None) {
    ASSERT_EQ(Q.zeroPoints.size(), Q.scales.size());
    for (size_t g = 0; g < raw.size(); ++g) {
      double eff = Q.scales[g] * s2[size_t(rowOfGroup[g])];
      double exact = -lo[g] / eff;
      if (s.zeroPoint == ZeroPointKind::Integer) {
        double expected =
            std::clamp(std::nearbyint(exact), 0.0, q.maxValue());
        EXPECT_EQ(Q.zeroPoints[g], expected) << "zero point " << g;
        EXPECT_EQ(double(Q.zeroPointCodes[g]), expected);
      } else {
        EXPECT_EQ(Q.zeroPoints[g], s.scaleFormat.round(exact));
        EXPECT_EQ(s.scaleFormat.decode(Q.zeroPointCodes[g]), Q.zeroPoints[g]);
      }
    }
  } else {
    ASSERT_TRUE(Q.zeroPoints.empty());
  }

  // --- Per-element error bound.
  std::vector<double> vals = sortedValues(q);
  std::vector<double> dq(size_t(n * k));
  int failures = 0;
  double worst = 0;
  for (int64_t r = 0; r < n; ++r)
    for (int64_t c = 0; c < k; ++c) {
      size_t i = size_t(r * k + c), g = size_t(groupId(s, k, r, c));
      double sc = Q.scales[g], sec = s2[size_t(r)];
      double z = s.zeroPoint == ZeroPointKind::None ? zImplicit
                                                    : Q.zeroPoints[g];
      double d = q.decode(Q.codes[i]);
      dq[i] = ((d - z) * sc) * sec;
      double eff = sc * sec;
      double x = double(w[i]) / eff + z;
      double outside;
      double bound = roundingBound(vals, x, outside);
      // Symmetric: |x - z| = |w| / eff <= (code range side) * ratio.
      // Zero point: x = (w - lo) / eff + (z - (-lo / eff)), where
      // (w - lo) / eff lies in [0, qmax * ratio].
      bool hasZp = s.zeroPoint != ZeroPointKind::None;
      double qspan = hasZp ? q.maxValue()
                           : std::max(std::fabs(vals.front() - z),
                                      std::fabs(vals.back() - z));
      double ratio = raw[g] > 0 ? raw[g] / eff : 1.0;
      double zshift = hasZp ? std::fabs(z - (-lo[g] / eff)) : 0.0;
      if (s.zeroPoint == ZeroPointKind::Integer && zshift > 0.5 + 1e-9 &&
          !(z == 0 || z == q.maxValue()) && failures++ < 5)
        ADD_FAILURE() << "integer zero point " << z << " is not the nearest "
                      << "integer to " << -lo[g] / eff;
      double allowedOutside = qspan * std::max(0.0, ratio - 1) + zshift;
      double tol = 1e-9 * (std::fabs(x) + 1);
      double e = std::fabs(x - d);
      worst = std::max(worst, e - bound);
      if ((e > bound + tol || outside > allowedOutside + tol) &&
          failures++ < 5)
        ADD_FAILURE() << "element [" << r << ", " << c << "] w " << w[i]
                      << " x " << x << " decoded " << d << " bound " << bound
                      << " outside " << outside << " allowed "
                      << allowedOutside;
      // The same statement in weight units, as in the brief.
      if (std::fabs(double(w[i]) - dq[i]) >
              (bound + tol) * eff * (1 + 1e-12) &&
          failures++ < 5)
        ADD_FAILURE() << "weight-domain error at [" << r << ", " << c << "]";
    }

  // --- The reference dequantization agrees (unpacked, packed, from codes).
  auto ref = dequantizeWeights(s, n, k, WeightOperands(Q), &err);
  ASSERT_TRUE(ref) << err;
  ASSERT_EQ(*ref, dq);
  if ((k * q.bits()) % 32 == 0) {
    auto packed = packCodes(Q.codes, n, k, q.bits(), &err);
    ASSERT_TRUE(packed) << err;
    WeightOperands ops;
    ops.packed = *packed;
    ops.scaleCodes = Q.scaleCodes;
    ops.zeroPointCodes = Q.zeroPointCodes;
    ops.secondaryScaleCodes = Q.secondaryScaleCodes;
    auto ref2 = dequantizeWeights(s, n, k, ops, &err);
    ASSERT_TRUE(ref2) << err;
    ASSERT_EQ(*ref2, dq);
  }
}

WeightScheme scheme(NumericFormat f, ScaleGranularity g, int64_t groupSize = 0,
                    NumericFormat scaleFormat = NumericFormat::f16()) {
  WeightScheme s;
  s.format = f;
  s.scale = g;
  // validate() rejects a group size on non-group schemes.
  s.groupSize = g == ScaleGranularity::Group ? groupSize : 0;
  s.scaleFormat = scaleFormat;
  return s;
}

std::vector<NumericFormat> weightFormats() {
  return {NumericFormat::intN(2),         NumericFormat::intN(4),
          NumericFormat::intN(8),         NumericFormat::uintN(3),
          NumericFormat::uintN(4),        NumericFormat::uintN(8),
          NumericFormat::e2m1(),          NumericFormat::e4m3(),
          NumericFormat::e5m2(),          NumericFormat::floatN(6, 3, 2),
          NumericFormat::floatN(5, 1, 3), NumericFormat::floatN(3, 0, 2)};
}

} // namespace

TEST(Quantize, ChannelAndTensorSymmetric) {
  for (NumericFormat f : weightFormats())
    for (NumericFormat sf : {NumericFormat::f16(), NumericFormat::bf16(),
                             NumericFormat::f32(), NumericFormat::ue8m0()}) {
      runWeightCase(f.name() + " channel " + sf.name(),
                    scheme(f, ScaleGranularity::Channel, 0, sf), 9, 96);
      runWeightCase(f.name() + " tensor " + sf.name(),
                    scheme(f, ScaleGranularity::Tensor, 0, sf), 5, 64);
    }
}

TEST(Quantize, GroupsEveryPowerOfTwo) {
  for (int64_t g = 16; g <= 1024; g *= 2)
    for (NumericFormat f : {NumericFormat::intN(4), NumericFormat::uintN(4),
                            NumericFormat::e2m1(), NumericFormat::e4m3()})
      runWeightCase(f.name() + " group " + std::to_string(g),
                    scheme(f, ScaleGranularity::Group, g), 3, 2048);
}

TEST(Quantize, Blocks) {
  for (auto [bn, bk] : {std::pair<int64_t, int64_t>{16, 32}, {1, 128},
                        {128, 128}, {7, 48}}) {
    WeightScheme s = scheme(NumericFormat::e4m3(), ScaleGranularity::Block, 0,
                            NumericFormat::f32());
    s.blockN = bn, s.blockK = bk;
    runWeightCase("e4m3 block " + std::to_string(bn) + "x" + std::to_string(bk),
                  s, 37, 160);
    s.format = NumericFormat::intN(8);
    s.scaleFormat = NumericFormat::ue8m0();
    runWeightCase("int8 block e8m0", s, 37, 160);
  }
}

TEST(Quantize, PlainUnsigned) {
  WeightScheme s = scheme(NumericFormat::uintN(4), ScaleGranularity::Channel);
  s.implicitZero = false;
  runWeightCase("uint4 plain", s, 6, 64);
  runWeightCase("unsigned float4e2m2",
                scheme(NumericFormat::floatN(4, 2, 2), ScaleGranularity::Group,
                       32),
                6, 64);
}

TEST(Quantize, IntegerZeroPoints) {
  for (unsigned bits : {2u, 3u, 4u, 8u}) {
    WeightScheme s = scheme(NumericFormat::uintN(bits), ScaleGranularity::Group,
                            128);
    s.zeroPoint = ZeroPointKind::Integer;
    runWeightCase("uint" + std::to_string(bits) + " int-zp group", s, 5, 512);
    s.scale = ScaleGranularity::Channel;
    s.groupSize = 0;
    s.scaleFormat = NumericFormat::bf16();
    runWeightCase("uint" + std::to_string(bits) + " int-zp channel", s, 5,
                  256);
  }
}

TEST(Quantize, FloatZeroPoints) {
  for (NumericFormat sf : {NumericFormat::f16(), NumericFormat::bf16(),
                           NumericFormat::f32()}) {
    WeightScheme s = scheme(NumericFormat::uintN(4), ScaleGranularity::Group,
                            64, sf);
    s.zeroPoint = ZeroPointKind::Float;
    runWeightCase("uint4 float-zp group " + sf.name(), s, 5, 256);
    s.scale = ScaleGranularity::Channel;
    s.groupSize = 0;
    runWeightCase("uint4 float-zp channel " + sf.name(), s, 5, 256);
  }
  // A group with all-positive values: the float zero point is negative.
  WeightScheme s = scheme(NumericFormat::uintN(4), ScaleGranularity::Channel);
  s.zeroPoint = ZeroPointKind::Float;
  std::vector<float> w = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15,
                          16};
  auto q = quantizeWeights(s, w.data(), 1, 16);
  ASSERT_TRUE(q);
  EXPECT_EQ(q->scales[0], NumericFormat::f16().round(1.0));
  EXPECT_EQ(q->zeroPoints[0], -1.0); // -min / s
  auto dq = dequantizeWeights(s, 1, 16, WeightOperands(*q));
  ASSERT_TRUE(dq);
  for (size_t i = 0; i < w.size(); ++i)
    EXPECT_EQ((*dq)[i], w[i]);
}

TEST(Quantize, SecondaryScales) {
  // NVFP4: e2m1 codes, e4m3 group-16 scales, f32 tensor secondary.
  WeightScheme nv = scheme(NumericFormat::e2m1(), ScaleGranularity::Group, 16,
                           NumericFormat::e4m3());
  nv.secondary = SecondaryScale::Tensor;
  runWeightCase("nvfp4", nv, 6, 256);
  // MXFP4: e2m1 with e8m0 group-32 scales (no secondary).
  runWeightCase("mxfp4",
                scheme(NumericFormat::e2m1(), ScaleGranularity::Group, 32,
                       NumericFormat::ue8m0()),
                6, 256);
  // Channel secondary over group scales, integer and float codes.
  for (NumericFormat f : {NumericFormat::intN(4), NumericFormat::e2m1(),
                          NumericFormat::uintN(4)}) {
    WeightScheme s = scheme(f, ScaleGranularity::Group, 32,
                            NumericFormat::e4m3());
    s.secondary = SecondaryScale::Channel;
    runWeightCase(f.name() + " e4m3 group, channel secondary", s, 7, 256);
    s.secondary = SecondaryScale::Tensor;
    s.scaleFormat = NumericFormat::ue8m0();
    runWeightCase(f.name() + " e8m0 group, tensor secondary", s, 7, 256);
    // A secondary scale on top of channel scales is redundant: refused.
    s.scale = ScaleGranularity::Channel;
    s.groupSize = 0;
    s.scaleFormat = NumericFormat::f16();
    s.secondary = SecondaryScale::Channel;
    std::vector<float> w(7 * 64, 1.0f);
    std::string err;
    EXPECT_FALSE(quantizeWeights(s, w.data(), 7, 64, &err));
    EXPECT_NE(err.find("needs group or block primary scales"),
              std::string::npos)
        << err;
  }
  // Secondary with an integer zero point.
  WeightScheme s = scheme(NumericFormat::uintN(4), ScaleGranularity::Group, 32,
                          NumericFormat::e4m3());
  s.zeroPoint = ZeroPointKind::Integer;
  s.secondary = SecondaryScale::Tensor;
  runWeightCase("uint4 int-zp e4m3 group, tensor secondary", s, 7, 256);
  // NVFP4 numbers: s2 = amax / (6 * 448) in f32.
  std::vector<float> w(32, 0.f);
  w[3] = 12.f;
  w[20] = -0.75f;
  auto q = quantizeWeights(nv, w.data(), 1, 32);
  ASSERT_TRUE(q);
  EXPECT_EQ(q->secondaryScales[0], double(float(12.0 / (6 * 448))));
  EXPECT_EQ(q->scales[0], 448); // 2 / s2, rounds to e4m3's 448
  EXPECT_EQ(q->codes[3], NumericFormat::e2m1().encode(6.0));
}

TEST(Quantize, AllZeroAndConstantInputs) {
  std::vector<float> zeros(64, 0.f);
  for (NumericFormat sf : {NumericFormat::f16(), NumericFormat::e4m3(),
                           NumericFormat::ue8m0()})
    for (ZeroPointKind zk : {ZeroPointKind::None, ZeroPointKind::Integer,
                             ZeroPointKind::Float}) {
      if (zk == ZeroPointKind::Float && !sf.isSigned())
        continue;
      WeightScheme s = scheme(NumericFormat::uintN(4), ScaleGranularity::Group,
                              16, sf);
      s.zeroPoint = zk;
      s.secondary = sf == NumericFormat::e4m3() ? SecondaryScale::Tensor
                                                : SecondaryScale::None;
      std::string err;
      auto q = quantizeWeights(s, zeros.data(), 2, 32, &err);
      ASSERT_TRUE(q) << err;
      for (double v : q->scales)
        EXPECT_EQ(v, 1.0);
      for (double v : q->secondaryScales)
        EXPECT_EQ(v, 1.0);
      auto dq = dequantizeWeights(s, 2, 32, WeightOperands(*q));
      ASSERT_TRUE(dq);
      for (double v : *dq)
        EXPECT_EQ(v, 0.0);
    }
  // A tiny group under an e4m3 scale with a tensor secondary: the scale
  // underflows to e4m3's smallest positive value instead of 0.
  WeightScheme s = scheme(NumericFormat::e2m1(), ScaleGranularity::Group, 16,
                          NumericFormat::e4m3());
  s.secondary = SecondaryScale::Tensor;
  std::vector<float> w(32, 0.f);
  w[0] = 1000.f;
  w[16] = 1e-6f;
  auto q = quantizeWeights(s, w.data(), 1, 32);
  ASSERT_TRUE(q);
  EXPECT_EQ(q->scales[1], NumericFormat::e4m3().minPositive());
  for (double v : q->scales)
    EXPECT_FALSE(std::isnan(v));
}

TEST(Quantize, SchemeErrors) {
  std::vector<float> w(64 * 4, 1.f);
  struct Bad {
    WeightScheme s;
    const char *message;
  };
  std::vector<Bad> bad;
  bad.push_back({scheme(NumericFormat::intN(4), ScaleGranularity::Group, 48),
                 "group size 48 is not a power of two"});
  bad.push_back({scheme(NumericFormat::intN(4), ScaleGranularity::Group, 8),
                 "group size 8 is not a power of two"});
  bad.push_back({scheme(NumericFormat::intN(4), ScaleGranularity::Group, 128),
                 "does not divide K = 64"});
  bad.push_back({scheme(NumericFormat::intN(1), ScaleGranularity::Channel),
                 "symmetric 1-bit weights"});
  bad.push_back({scheme(NumericFormat::f16(), ScaleGranularity::Channel),
                 "is wider than 8 bits"});
  bad.push_back({scheme(NumericFormat::intN(4), ScaleGranularity::Channel,
                        0, NumericFormat::uintN(8)),
                 "is not one of float32"});
  WeightScheme zp = scheme(NumericFormat::intN(4), ScaleGranularity::Channel);
  zp.zeroPoint = ZeroPointKind::Integer;
  bad.push_back({zp, "zero points need an unsigned integer weight format"});
  zp.format = NumericFormat::uintN(4);
  zp.scale = ScaleGranularity::Tensor;
  bad.push_back({zp, "zero points need channel or group scales"});
  zp.scale = ScaleGranularity::Channel;
  zp.zeroPoint = ZeroPointKind::Float;
  zp.scaleFormat = NumericFormat::ue8m0();
  bad.push_back({zp, "must be signed"});
  WeightScheme sec = scheme(NumericFormat::intN(4), ScaleGranularity::Block);
  sec.blockN = sec.blockK = 16;
  sec.secondary = SecondaryScale::Channel;
  bad.push_back({sec, "a channel secondary scale needs group primary scales"});
  sec.blockN = 0;
  sec.secondary = SecondaryScale::None;
  bad.push_back({sec, "needs a positive block shape"});
  for (const Bad &b : bad) {
    std::string err;
    EXPECT_FALSE(quantizeWeights(b.s, w.data(), 4, 64, &err)) << b.message;
    EXPECT_NE(err.find(b.message), std::string::npos)
        << "expected '" << b.message << "', got '" << err << "'";
  }
}

//===----------------------------------------------------------------------===//
// Activations
//===----------------------------------------------------------------------===//

namespace {
void runActivationCase(const ActivationScheme &s, int64_t m, int64_t k,
                       const std::string &label) {
  SCOPED_TRACE(label);
  std::vector<float> a = makeData(m, k, unsigned(label.size() * 31 + m), false);
  std::string err;
  auto res = quantizeActivations(s, a.data(), m, k, &err);
  ASSERT_TRUE(res) << err;
  const QuantizedActivations &Q = *res;
  const NumericFormat &f = s.format;
  auto gid = [&](int64_t r, int64_t c) -> int64_t {
    switch (s.scale) {
    case ActivationScaleGranularity::Token:
      return r;
    case ActivationScaleGranularity::Group:
      return r * (k / s.groupSize) + c / s.groupSize;
    default:
      return 0;
    }
  };
  size_t numGroups = s.scale == ActivationScaleGranularity::None ? 0
                     : s.scale == ActivationScaleGranularity::Token
                         ? size_t(m)
                     : s.scale == ActivationScaleGranularity::Group
                         ? size_t(m * (k / s.groupSize))
                         : 1;
  ASSERT_EQ(Q.scales.size(), numGroups);
  std::vector<double> amax(numGroups, 0);
  if (numGroups)
    for (int64_t r = 0; r < m; ++r)
      for (int64_t c = 0; c < k; ++c)
        amax[size_t(gid(r, c))] = std::max(
            amax[size_t(gid(r, c))], std::fabs(double(a[size_t(r * k + c)])));
  for (size_t g = 0; g < numGroups; ++g) {
    double raw = amax[g] / f.maxValue();
    expectScaleRounding(s.scaleFormat, raw > 0 ? raw : 1.0, Q.scales[g],
                        "scale " + std::to_string(g));
    if (amax[g] == 0) {
      EXPECT_EQ(Q.scales[g], 1.0);
    }
  }
  std::vector<double> vals = sortedValues(f);
  std::vector<double> dq(size_t(m * k));
  int failures = 0;
  for (int64_t r = 0; r < m; ++r)
    for (int64_t c = 0; c < k; ++c) {
      size_t i = size_t(r * k + c);
      double sc = numGroups ? Q.scales[size_t(gid(r, c))] : 1.0;
      double raw = numGroups ? amax[size_t(gid(r, c))] / f.maxValue() : sc;
      double x = double(a[i]) / sc, d = f.decode(Q.codes[i]);
      dq[i] = d * sc;
      double outside;
      double bound = roundingBound(vals, x, outside);
      double allowedOutside =
          f.maxValue() * std::max(0.0, raw > 0 ? raw / sc - 1 : 0.0);
      double tol = 1e-9 * (std::fabs(x) + 1);
      if ((std::fabs(x - d) > bound + tol || outside > allowedOutside + tol) &&
          failures++ < 5)
        ADD_FAILURE() << "[" << r << ", " << c << "] a " << a[i] << " x " << x
                      << " decoded " << d << " bound " << bound;
    }
  auto ref = dequantizeActivations(s, m, k, Q.codes, Q.scales, {}, &err);
  ASSERT_TRUE(ref) << err;
  EXPECT_EQ(*ref, dq);
  if (numGroups) {
    auto ref2 = dequantizeActivations(s, m, k, Q.codes, {}, Q.scaleCodes, &err);
    ASSERT_TRUE(ref2) << err;
    EXPECT_EQ(*ref2, dq);
  }
}
} // namespace

TEST(Quantize, ActivationsEveryTypeAndGranularity) {
  for (NumericFormat f : {NumericFormat::e4m3(), NumericFormat::e5m2(),
                          NumericFormat::intN(8), NumericFormat::intN(4),
                          NumericFormat::e2m1()}) {
    for (NumericFormat sf : {NumericFormat::f32(), NumericFormat::ue8m0()}) {
      ActivationScheme s;
      s.format = f;
      s.scaleFormat = sf;
      std::string tag = f.name() + " " + sf.name();
      s.scale = ActivationScaleGranularity::Token;
      runActivationCase(s, 5, 256, tag + " token");
      s.scale = ActivationScaleGranularity::Tensor;
      runActivationCase(s, 5, 256, tag + " tensor");
      for (int64_t g : {16, 32, 128, 256}) {
        s.scale = ActivationScaleGranularity::Group;
        s.groupSize = g;
        runActivationCase(s, 5, 256, tag + " group " + std::to_string(g));
      }
    }
  }
  // Unscaled: plain float16 / bfloat16 activations (rounding only).
  for (NumericFormat f : {NumericFormat::f16(), NumericFormat::bf16()}) {
    ActivationScheme s;
    s.format = f;
    runActivationCase(s, 3, 64, f.name() + " unscaled");
  }
  // A low-bit activation without a scale is refused.
  ActivationScheme unscaled;
  unscaled.format = NumericFormat::e4m3();
  std::vector<float> a(64, 1.0f);
  std::string err;
  EXPECT_FALSE(quantizeActivations(unscaled, a.data(), 1, 64, &err));
  EXPECT_NE(err.find("need an input scale granularity"), std::string::npos)
      << err;
}

TEST(Quantize, ActivationNumbersAndErrors) {
  ActivationScheme s;
  s.format = NumericFormat::intN(8);
  s.scale = ActivationScaleGranularity::Token;
  std::vector<float> a = {127, -63.5, 1, 0, /*row 2*/ 0, 0, 0, 0};
  auto q = quantizeActivations(s, a.data(), 2, 4);
  ASSERT_TRUE(q);
  EXPECT_EQ(q->scales[0], 1.0);
  EXPECT_EQ(q->scales[1], 1.0); // all-zero token
  EXPECT_EQ(q->codes[0], 127u);
  EXPECT_EQ(q->codes[1], uint32_t(-64) & 0xFF); // -63.5 -> -64 (even)
  std::string err;
  s.format = NumericFormat::uintN(8);
  EXPECT_FALSE(quantizeActivations(s, a.data(), 2, 4, &err));
  EXPECT_NE(err.find("activation format uint8 is not one of"),
            std::string::npos)
      << err;
  s.format = NumericFormat::intN(8);
  s.scale = ActivationScaleGranularity::Group;
  s.groupSize = 16;
  EXPECT_FALSE(quantizeActivations(s, a.data(), 2, 4, &err));
  EXPECT_NE(err.find("does not divide K = 4"), std::string::npos) << err;
}

// The quantizer's rows may run on several host threads (ParallelRows.h):
// codes, scales and zero points are the same for any thread count, for
// groups inside a row (parallel statistics) and blocks across rows (serial
// statistics, parallel codes).
TEST(Quantize, SameResultOnAnyNumberOfHostThreads) {
  const int64_t n = 3072, k = 1024; // 3 threads of at least 2^20 values
  std::mt19937 rng(11);
  std::normal_distribution<float> normal(0.f, 1.f);
  std::vector<float> w(size_t(n * k));
  for (float &x : w)
    x = normal(rng);
  WeightScheme g;
  g.format = NumericFormat::uintN(4);
  g.scale = ScaleGranularity::Group;
  g.groupSize = 64;
  g.zeroPoint = ZeroPointKind::Integer;
  WeightScheme b;
  b.format = NumericFormat::intN(8);
  b.scale = ScaleGranularity::Block;
  b.blockN = 128, b.blockK = 128;
  for (const WeightScheme &s : {g, b}) {
    setenv("HUMMING_HOST_THREADS", "1", 1);
    auto one = quantizeWeights(s, w.data(), n, k);
    setenv("HUMMING_HOST_THREADS", "3", 1);
    auto three = quantizeWeights(s, w.data(), n, k);
    unsetenv("HUMMING_HOST_THREADS");
    ASSERT_TRUE(one && three);
    EXPECT_EQ(one->codes, three->codes);
    EXPECT_EQ(one->scales, three->scales);
    EXPECT_EQ(one->scaleCodes, three->scaleCodes);
    EXPECT_EQ(one->zeroPointCodes, three->zeroPointCodes);
    // Not a constant: the codes use the format's range.
    EXPECT_GT(*std::max_element(one->codes.begin(), one->codes.end()),
              *std::min_element(one->codes.begin(), one->codes.end()));
  }
}
