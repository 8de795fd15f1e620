//===- KernelLayoutTest.cpp - The repack and the decode plan, emulated ----===//
//
// For many formats: quantize random weights, repack them into the kernel
// layout, then decode the kernel layout on the CPU exactly as the kernel
// does (fragment order, bit stream, sign flip, magic numbers, folded
// constants, zero tensor, B-fragment or accumulator scales, all in the
// activation type) and compare with the reference dequantization. This pins
// the layout contract and the plans' constants without a GPU.
//
//===----------------------------------------------------------------------===//

#include "humming/Format/Pack.h"
#include "humming/Format/Quantize.h"
#include "humming/Format/Reference.h"
#include "humming/Kernel/KernelLayout.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

using namespace humming;
using namespace humming::kernel;
using format::NumericFormat;

namespace {

struct Case {
  const char *weight;
  const char *activation;
  format::ScaleGranularity scale;
  int64_t group;
  format::ZeroPointKind zero;
  int64_t n, k;
};

GemmProblem problemOf(const Case &c) {
  GemmProblem p;
  p.weight.format = *NumericFormat::parse(c.weight);
  p.activation.format = *NumericFormat::parse(c.activation);
  p.output = p.activation.format;
  p.weight.scale = c.scale;
  p.weight.groupSize = c.group;
  p.weight.scaleFormat = p.activation.format;
  p.weight.zeroPoint = c.zero;
  p.n = c.n;
  p.k = c.k;
  p.chip = *target::lookupChip("h200");
  return p;
}

/// The kernel's view: the value it feeds the MMA for W[n][k] (times the
/// accumulator scale), computed from the kernel-layout buffers only.
double kernelWeight(const KernelOperandPlan &kp, const KernelOperands &ops,
                    int64_t n, int64_t k) {
  const GemmProblem &p = kp.problem;
  const DecodePlan &d = kp.decode;
  const NumericFormat act = p.activation.format;
  const int64_t nPad = paddedN(p.n), kPad = paddedK(p.k);
  // Locate the code: tile (n / 64, k / 16), lane (g, t), index i = 4 j + r.
  int64_t nb = n / kTileN, kb = k / kTileK, j = (n % kTileN) / 8,
          g = n % 8, kk = k % kTileK;
  int64_t t = (kk % 8) / 2, r = (kk % 2) + (kk / 8) * 2;
  int64_t lane = g * 4 + t, i = 4 * j + r;
  // The lane's word w in the (tile, k-block) run of its k16 step: even
  // widths [2 halves][4 steps][32 lanes][bits / 2], odd [4][32][bits].
  const uint32_t *run = reinterpret_cast<const uint32_t *>(ops.weight.data()) +
                        (nb * (kPad / kTileK) + kb / 4 * 4) * 32 * d.bits;
  const int64_t step = (kb % 4) * 32 + lane;
  auto word = [&](int64_t w) -> uint64_t {
    if (d.bits % 2 != 0)
      return run[step * d.bits + w];
    const int64_t half = d.bits / 2;
    return run[(w / half) * 4 * 32 * half + step * half + w % half];
  };
  uint64_t bit = uint64_t(laneCodeBit(i, d.bits));
  uint64_t two = word(bit / 32) |
                 (bit % 32 + d.bits > 32 ? word(bit / 32 + 1) << 32 : 0);
  uint32_t code = uint32_t((two >> (bit % 32)) & ((1u << d.bits) - 1));
  // Raw decode per strategy, then the activation-typed arithmetic.
  double raw = 0;
  switch (d.strategy) {
  case DecodeStrategy::IntMagicF16: raw = 1024.0 + code; break;
  case DecodeStrategy::IntMagicBF16: raw = 128.0 + code; break;
  case DecodeStrategy::IntViaF32: raw = code; break;
  case DecodeStrategy::FloatExponentOffset:
    raw = p.weight.format.decode(code);
    break;
  }
  double x = act.round(raw - d.constantSubtract);
  int64_t row = p.weight.scale == format::ScaleGranularity::Group
                    ? k / p.weight.groupSize
                    : 0;
  // Per-column values: [2 halves][8 g][4 j] per tile.
  size_t frag = size_t(row * nPad + nb * kTileN + (j / 4) * 32 + g * 4 + j % 4);
  if (kp.dequant.zeroPoint == Placement::BFragment)
    x = act.round(x - act.decode(ops.zero[frag]));
  if (kp.dequant.scale == Placement::BFragment)
    x = act.round(x * act.decode(ops.groupScale[frag]));
  if (kp.dequant.scale == Placement::Accumulator)
    x *= ops.channelScale[size_t(n)];
  return x;
}

class KernelLayoutTest : public ::testing::TestWithParam<Case> {};

TEST_P(KernelLayoutTest, KernelDecodeMatchesReference) {
  const Case &c = GetParam();
  KernelOperandPlan kp;
  kp.problem = problemOf(c);
  std::string err;
  auto d = planDecode(kp.problem, &err);
  ASSERT_TRUE(d) << err;
  kp.decode = *d;
  kp.dequant = planDequant(kp.problem, *d);
  const GemmProblem &p = kp.problem;

  std::mt19937 rng(7);
  std::normal_distribution<float> normal;
  std::vector<float> w(size_t(p.n * p.k));
  for (float &x : w)
    x = normal(rng);
  auto q = format::quantizeWeights(p.weight, w.data(), p.n, p.k, &err);
  ASSERT_TRUE(q) << err;
  auto packed = format::packCodes(q->codes, p.n, p.k, p.weight.format.bits());
  ASSERT_TRUE(packed);
  std::vector<uint16_t> scales(q->scaleCodes.begin(), q->scaleCodes.end());
  std::vector<uint8_t> zInt;
  std::vector<uint16_t> zFloat;
  const void *zero = nullptr;
  if (p.weight.zeroPoint == format::ZeroPointKind::Integer) {
    for (double z : q->zeroPoints)
      zInt.push_back(uint8_t(p.weight.format.encode(z)));
    zero = zInt.data();
  } else if (p.weight.zeroPoint == format::ZeroPointKind::Float) {
    zFloat.assign(q->zeroPointCodes.begin(), q->zeroPointCodes.end());
    zero = zFloat.data();
  }
  auto ops = repackOnHost(kp, packed->data(),
                          scales.empty() ? nullptr : scales.data(), zero,
                          nullptr, &err);
  ASSERT_TRUE(ops) << err;
  auto sizes = operandSizes(kp);
  ASSERT_TRUE(sizes);
  EXPECT_EQ(int64_t(ops->weight.size() * 4), sizes->kWeight);

  format::WeightOperands wo(*q);
  auto ref = format::dequantizeWeights(p.weight, p.n, p.k, wo, &err);
  ASSERT_TRUE(ref) << err;
  // The kernel rounds the dequantized weight to the activation type once
  // (group scales, float zero points): allow that rounding.
  const double ulp = p.activation.format == NumericFormat::f16() ? 0x1p-10 : 0x1p-7;
  int64_t bad = 0;
  for (int64_t n = 0; n < p.n; ++n)
    for (int64_t k = 0; k < p.k; ++k) {
      double want = (*ref)[size_t(n * p.k + k)];
      double got = kernelWeight(kp, *ops, n, k);
      double tol = 2 * ulp * (std::fabs(want) + 1e-3);
      if (std::fabs(got - want) > tol && bad++ < 5)
        ADD_FAILURE() << "W[" << n << "][" << k << "] = " << got
                      << ", reference " << want;
    }
  EXPECT_EQ(bad, 0);
}

using G = format::ScaleGranularity;
using Z = format::ZeroPointKind;
INSTANTIATE_TEST_SUITE_P(
    Formats, KernelLayoutTest,
    ::testing::Values(
        Case{"uint4", "float16", G::Group, 128, Z::None, 72, 256},
        Case{"int4", "float16", G::Channel, 0, Z::None, 64, 128},
        Case{"uint4", "bfloat16", G::Group, 32, Z::Integer, 64, 192},
        Case{"uint3", "float16", G::Group, 64, Z::Integer, 130, 128},
        Case{"int5", "bfloat16", G::Channel, 0, Z::None, 64, 96},
        Case{"uint7", "bfloat16", G::Group, 16, Z::Float, 64, 64},
        Case{"uint8", "bfloat16", G::Channel, 0, Z::Integer, 64, 128},
        Case{"int8", "float16", G::Group, 64, Z::None, 64, 128},
        Case{"uint2", "float16", G::Group, 16, Z::Float, 64, 64},
        Case{"uint1", "float16", G::Channel, 0, Z::Integer, 64, 64},
        Case{"float4e2m1", "float16", G::Group, 32, Z::None, 64, 128},
        Case{"float8e4m3", "bfloat16", G::Channel, 0, Z::None, 64, 128},
        Case{"float8e5m2", "float16", G::Group, 128, Z::None, 64, 256},
        Case{"float6e3m2", "bfloat16", G::Group, 64, Z::None, 64, 128},
        Case{"float8e0m7", "float16", G::Channel, 0, Z::None, 64, 64},
        Case{"float8e8m0", "bfloat16", G::Group, 32, Z::None, 64, 64},
        Case{"float5e2m2", "float16", G::Group, 32, Z::None, 64, 64},
        Case{"uint6", "float16", G::Group, 32, Z::Float, 64, 64},
        Case{"int6", "float16", G::Group, 32, Z::None, 64, 64}));

} // namespace

// The lane's 32 codes occupy distinct bit ranges of its `bits` words; for
// 1, 2, 4 and 8 bits each decode pair (2p, 2p + 1) shares a word, 16 bits
// apart, so one shift and mask yields both halves of an f16x2.
TEST(KernelLayout, LaneCodePositions) {
  for (unsigned bits = 1; bits <= 8; ++bits) {
    std::vector<int> owner(32 * bits, -1);
    for (int64_t i = 0; i < 32; ++i) {
      int64_t bit = laneCodeBit(i, bits);
      ASSERT_GE(bit, 0);
      ASSERT_LE(bit + bits, 32 * bits) << "bits " << bits << " code " << i;
      for (unsigned b = 0; b < bits; ++b) {
        EXPECT_EQ(owner[bit + b], -1) << "bits " << bits << " code " << i;
        owner[bit + b] = int(i);
      }
      if (pairedCodeLayout(bits) && i % 2 == 1) {
        int64_t first = laneCodeBit(i - 1, bits);
        EXPECT_EQ(bit, first + 16) << "bits " << bits << " code " << i;
        EXPECT_EQ(bit / 32, first / 32);
      }
    }
  }
  EXPECT_TRUE(pairedCodeLayout(4));
  EXPECT_FALSE(pairedCodeLayout(3));
  EXPECT_EQ(laneCodeBit(1, 4), 16);
  EXPECT_EQ(laneCodeBit(2, 4), 4);
  EXPECT_EQ(laneCodeBit(8, 4), 32);
  EXPECT_EQ(laneCodeBit(5, 3), 15);
}
