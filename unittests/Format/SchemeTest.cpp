// Scheme rules and the standard tensor shapes derived from a scheme.
#include "humming/Format/Scheme.h"

#include <gtest/gtest.h>

using namespace humming::format;

namespace {
WeightScheme group(NumericFormat f, int64_t g) {
  WeightScheme s;
  s.format = f;
  s.scale = ScaleGranularity::Group;
  s.groupSize = g;
  return s;
}

std::string errorOf(const WeightScheme &s) {
  auto e = validate(s);
  return e ? *e : std::string();
}
} // namespace

TEST(Scheme, GroupSizesArePowersOfTwoIn16To1024) {
  for (int64_t g = 1; g <= 2048; ++g) {
    bool legal = g >= 16 && g <= 1024 && (g & (g - 1)) == 0;
    EXPECT_EQ(!validate(group(NumericFormat::uintN(4), g)), legal) << g;
  }
}

TEST(Scheme, ZeroPointRules) {
  WeightScheme s = group(NumericFormat::uintN(4), 128);
  s.zeroPoint = ZeroPointKind::Integer;
  EXPECT_EQ(errorOf(s), "");
  s.format = NumericFormat::intN(4);
  EXPECT_NE(errorOf(s).find("need an unsigned integer weight format"),
            std::string::npos);
  s.format = NumericFormat::uintN(4);
  s.scale = ScaleGranularity::Block;
  s.groupSize = 0;
  s.blockN = s.blockK = 128;
  EXPECT_NE(errorOf(s).find("cannot be combined with block scales"),
            std::string::npos);
  s = group(NumericFormat::uintN(4), 32);
  s.zeroPoint = ZeroPointKind::Float;
  s.scaleFormat = NumericFormat::ue8m0();
  EXPECT_NE(errorOf(s).find("must be signed"), std::string::npos);
}

TEST(Scheme, ImplicitZero) {
  WeightScheme s = group(NumericFormat::uintN(4), 128);
  EXPECT_EQ(s.implicitZeroValue(), 8.0);
  s.implicitZero = false;
  EXPECT_EQ(s.implicitZeroValue(), 0.0);
  s.implicitZero = true;
  s.zeroPoint = ZeroPointKind::Integer;
  EXPECT_EQ(s.implicitZeroValue(), 0.0);
  EXPECT_EQ(group(NumericFormat::intN(4), 128).implicitZeroValue(), 0.0);
  EXPECT_NE(errorOf(group(NumericFormat::uintN(1), 128))
                .find("symmetric 1-bit weights"),
            std::string::npos);
  WeightScheme plain = group(NumericFormat::uintN(1), 128);
  plain.implicitZero = false;
  EXPECT_EQ(errorOf(plain), "");
}

TEST(Scheme, SecondaryScales) {
  WeightScheme nvfp4 = group(NumericFormat::e2m1(), 16);
  nvfp4.scaleFormat = NumericFormat::e4m3();
  nvfp4.secondary = SecondaryScale::Tensor;
  EXPECT_EQ(errorOf(nvfp4), "");
  WeightScheme channel;
  channel.format = NumericFormat::intN(4);
  channel.secondary = SecondaryScale::Tensor;
  EXPECT_NE(errorOf(channel).find("needs group or block primary scales"),
            std::string::npos);
}

TEST(Scheme, ShapesFollowGranularity) {
  WeightScheme s = group(NumericFormat::uintN(3), 64);
  EXPECT_EQ(packedWeightShape(s, 100, 256), (std::vector<int64_t>{100, 24}));
  EXPECT_EQ(*scaleShape(s, 100, 256), (std::vector<int64_t>{100, 4}));
  EXPECT_FALSE(zeroPointShape(s, 100, 256));
  s.zeroPoint = ZeroPointKind::Integer;
  EXPECT_EQ(*zeroPointShape(s, 100, 256), (std::vector<int64_t>{100, 4}));

  WeightScheme block;
  block.format = NumericFormat::e4m3();
  block.scale = ScaleGranularity::Block;
  block.blockN = block.blockK = 128;
  EXPECT_EQ(*scaleShape(block, 300, 640), (std::vector<int64_t>{3, 5}));
  block.secondary = SecondaryScale::Channel;
  EXPECT_EQ(*secondaryScaleShape(block, 300), (std::vector<int64_t>{300}));

  WeightScheme tensor;
  tensor.format = NumericFormat::intN(8);
  tensor.scale = ScaleGranularity::Tensor;
  EXPECT_EQ(*scaleShape(tensor, 7, 32), std::vector<int64_t>{});
  tensor.scale = ScaleGranularity::None;
  EXPECT_FALSE(scaleShape(tensor, 7, 32));

  ActivationScheme a;
  a.format = NumericFormat::e4m3();
  a.scale = ActivationScaleGranularity::Group;
  a.groupSize = 128;
  EXPECT_EQ(*activationScaleShape(a, 5, 512), (std::vector<int64_t>{5, 4}));
  a.scale = ActivationScaleGranularity::Token;
  a.groupSize = 0;
  EXPECT_EQ(*activationScaleShape(a, 5, 512), (std::vector<int64_t>{5}));
}

TEST(Scheme, ShapeRules) {
  WeightScheme s = group(NumericFormat::uintN(4), 128);
  EXPECT_FALSE(validateShape(s, 64, 256));
  // 4-bit codes need K to be a multiple of 8 to fill i32 words.
  EXPECT_NE(validateShape(s, 64, 100)->find("does not fill whole int32 words"),
            std::string::npos);
  EXPECT_NE(validateShape(s, 64, 192)->find("does not divide K = 192"),
            std::string::npos);
  // 3-bit codes: K must be a multiple of 32.
  WeightScheme three;
  three.format = NumericFormat::uintN(3);
  EXPECT_FALSE(validateShape(three, 8, 96));
  EXPECT_TRUE(validateShape(three, 8, 80));
}

TEST(Scheme, ActivationRules) {
  ActivationScheme a;
  a.format = NumericFormat::f16();
  EXPECT_FALSE(validate(a));
  a.scale = ActivationScaleGranularity::Token;
  EXPECT_NE(validate(a)->find("take no input scale"), std::string::npos);
  a.format = NumericFormat::intN(8);
  EXPECT_FALSE(validate(a));
  a.scale = ActivationScaleGranularity::None;
  EXPECT_NE(validate(a)->find("need an input scale granularity"),
            std::string::npos);
  a.format = NumericFormat::uintN(8);
  a.scale = ActivationScaleGranularity::Token;
  EXPECT_NE(validate(a)->find("is not one of"), std::string::npos);
}
