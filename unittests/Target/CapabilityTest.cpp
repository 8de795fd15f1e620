// The support matrix: each rule is exercised on both sides of its boundary.
#include "humming/Target/Capability.h"

#include <gtest/gtest.h>

using namespace humming;
using format::ActivationScaleGranularity;
using format::ActivationScheme;
using format::NumericFormat;
using format::WeightScheme;
using format::ZeroPointKind;

static WeightScheme weight(NumericFormat f,
                           ZeroPointKind zp = ZeroPointKind::None) {
  WeightScheme w;
  w.format = f;
  w.zeroPoint = zp;
  return w;
}

static ActivationScheme act(NumericFormat f) {
  ActivationScheme a;
  a.format = f;
  a.scale = (f == NumericFormat::f16() || f == NumericFormat::bf16())
                ? ActivationScaleGranularity::None
                : ActivationScaleGranularity::Token;
  return a;
}

static bool pairOk(const WeightScheme &w, const ActivationScheme &a) {
  return !target::checkWeightActivationPair(w, a).has_value();
}

TEST(Capability, IntegerWeightsNeedExactValuesInFloatActivations) {
  // e4m3 has 3 mantissa bits: symmetric up to 5 bits, zero point up to 4.
  auto e4m3 = act(NumericFormat::e4m3());
  EXPECT_TRUE(pairOk(weight(NumericFormat::uintN(5)), e4m3));
  EXPECT_FALSE(pairOk(weight(NumericFormat::uintN(6)), e4m3));
  EXPECT_TRUE(pairOk(weight(NumericFormat::intN(5)), e4m3));
  EXPECT_FALSE(pairOk(weight(NumericFormat::intN(6)), e4m3));
  EXPECT_TRUE(pairOk(weight(NumericFormat::uintN(4), ZeroPointKind::Integer),
                     e4m3));
  EXPECT_FALSE(pairOk(weight(NumericFormat::uintN(5), ZeroPointKind::Integer),
                      e4m3));
  // e2m1: 1 mantissa bit, max 6: int3 symmetric is exact, int4 is not.
  auto e2m1 = act(NumericFormat::e2m1());
  EXPECT_TRUE(pairOk(weight(NumericFormat::intN(3)), e2m1));
  EXPECT_FALSE(pairOk(weight(NumericFormat::intN(4)), e2m1));
  // 16-bit activations hold every <= 8-bit integer weight.
  for (unsigned b = 1; b <= 8; ++b) {
    EXPECT_TRUE(pairOk(weight(NumericFormat::uintN(b), ZeroPointKind::Integer),
                       act(NumericFormat::bf16())));
    EXPECT_TRUE(pairOk(weight(NumericFormat::intN(b)),
                       act(NumericFormat::f16())));
  }
  auto msg = target::checkWeightActivationPair(weight(NumericFormat::uintN(6)),
                                               e4m3);
  ASSERT_TRUE(msg);
  EXPECT_NE(msg->find("bits must be <= mantissa + 2 = 5"), std::string::npos)
      << *msg;
}

TEST(Capability, FloatWeightsMustFitTheActivation) {
  auto f16 = act(NumericFormat::f16());
  EXPECT_TRUE(pairOk(weight(NumericFormat::floatN(8, 5, 2)), f16));
  EXPECT_FALSE(pairOk(weight(NumericFormat::floatN(8, 6, 1)), f16));
  EXPECT_TRUE(pairOk(weight(NumericFormat::floatN(8, 6, 1)),
                     act(NumericFormat::bf16())));
  EXPECT_TRUE(pairOk(weight(NumericFormat::e2m1()),
                     act(NumericFormat::e4m3())));
  EXPECT_FALSE(pairOk(weight(NumericFormat::e5m2()),
                      act(NumericFormat::e4m3())));
  EXPECT_TRUE(pairOk(weight(NumericFormat::floatN(4, 0, 3)),
                     act(NumericFormat::e4m3())));
}

TEST(Capability, IntegerActivations) {
  auto i8 = act(NumericFormat::intN(8));
  EXPECT_TRUE(pairOk(weight(NumericFormat::uintN(8)), i8));
  EXPECT_TRUE(pairOk(weight(NumericFormat::intN(4)), act(NumericFormat::intN(4))));
  EXPECT_FALSE(pairOk(weight(NumericFormat::uintN(5)), act(NumericFormat::intN(4))));
  EXPECT_FALSE(pairOk(weight(NumericFormat::e2m1()), i8));
  EXPECT_FALSE(pairOk(weight(NumericFormat::uintN(4), ZeroPointKind::Float), i8));
}

TEST(Capability, ActivationsPerArch) {
  auto sm = [](const char *s) { return *target::Arch::parse(s); };
  EXPECT_TRUE(target::checkActivationOnArch(NumericFormat::e4m3(), sm("sm_86")));
  EXPECT_FALSE(target::checkActivationOnArch(NumericFormat::e4m3(), sm("sm_89")));
  EXPECT_TRUE(target::checkActivationOnArch(NumericFormat::bf16(), sm("sm_75")));
  EXPECT_FALSE(target::checkActivationOnArch(NumericFormat::bf16(), sm("sm_80")));
  EXPECT_TRUE(target::checkActivationOnArch(NumericFormat::e2m1(), sm("sm_90a")));
  EXPECT_FALSE(target::checkActivationOnArch(NumericFormat::e2m1(), sm("sm_100a")));
  EXPECT_FALSE(target::checkActivationOnArch(NumericFormat::e2m1(), sm("sm_120a")));
  EXPECT_FALSE(target::checkActivationOnArch(NumericFormat::f16(), sm("sm_75")));
}

TEST(Capability, PipelinesPerArch) {
  using target::PipelineKind;
  auto sm = [](const char *s) { return *target::Arch::parse(s); };
  EXPECT_FALSE(target::checkPipelineOnArch(PipelineKind::Wgmma, sm("sm_90a")));
  EXPECT_TRUE(target::checkPipelineOnArch(PipelineKind::Wgmma, sm("sm_90")));
  EXPECT_TRUE(target::checkPipelineOnArch(PipelineKind::Wgmma, sm("sm_100a")));
  EXPECT_FALSE(target::checkPipelineOnArch(PipelineKind::Tcgen05, sm("sm_100a")));
  EXPECT_TRUE(target::checkPipelineOnArch(PipelineKind::Tcgen05, sm("sm_120a")));
  // mma.sync runs from Turing on: there without cp.async (copies through
  // registers) and with m16n8k8 only (two per k16 step).
  EXPECT_FALSE(target::checkPipelineOnArch(PipelineKind::MmaSync, sm("sm_75")));
  EXPECT_FALSE(target::checkPipelineOnArch(PipelineKind::MmaSync, sm("sm_80")));
  EXPECT_FALSE(target::checkPipelineOnArch(PipelineKind::MmaSync, sm("sm_89")));
  EXPECT_FALSE(target::hasAsyncCopies(sm("sm_75")));
  EXPECT_FALSE(target::hasMmaK16(sm("sm_75")));
  for (const char *a : {"sm_80", "sm_86", "sm_89", "sm_90a", "sm_120a"}) {
    EXPECT_TRUE(target::hasAsyncCopies(sm(a))) << a;
    EXPECT_TRUE(target::hasMmaK16(sm(a))) << a;
  }
}

TEST(Capability, FloatWeightsMustFitTheActivationRange) {
  // e5m2 is IEEE-like (exponent 31 is inf/NaN): it fits float16.
  EXPECT_TRUE(pairOk(weight(NumericFormat::e5m2()), act(NumericFormat::f16())));
  // The generic e5 formats use exponent 31 for finite values: 65536 and up
  // do not fit float16, however few mantissa bits they have.
  EXPECT_FALSE(pairOk(weight(NumericFormat::floatN(6, 5, 0)),
                      act(NumericFormat::f16())));
  EXPECT_FALSE(pairOk(weight(NumericFormat::floatN(8, 5, 3)),
                      act(NumericFormat::f16())));
  EXPECT_TRUE(pairOk(weight(NumericFormat::floatN(8, 5, 3)),
                     act(NumericFormat::bf16())));
  EXPECT_TRUE(pairOk(weight(NumericFormat::floatN(8, 4, 3)),
                     act(NumericFormat::f16())));
}
