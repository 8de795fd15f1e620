//===- GemmPlanTest.cpp - Decode, dequant and tile decisions --------------===//

#include "humming/Kernel/GemmPlan.h"

#include <gtest/gtest.h>

using namespace humming;
using namespace humming::kernel;
using format::NumericFormat;

namespace {
GemmProblem w4a16(const char *chip = "h200") {
  GemmProblem p;
  p.weight.format = NumericFormat::uintN(4);
  p.weight.scale = format::ScaleGranularity::Group;
  p.weight.groupSize = 128;
  p.n = 4096;
  p.k = 4096;
  p.chip = *target::lookupChip(chip);
  return p;
}
} // namespace

TEST(GemmPlan, RefusesWhatTheMmaSyncPipelineCannotServe) {
  GemmProblem p = w4a16();
  p.output = NumericFormat::f32();
  EXPECT_NE(checkMmaSyncProblem(p), std::nullopt);
  p = w4a16();
  p.weight.format = NumericFormat::ue8m0(); // 8 exponent bits: not in f16
  p.weight.scale = format::ScaleGranularity::Channel;
  p.weight.groupSize = 0;
  EXPECT_NE(checkMmaSyncProblem(p), std::nullopt);
  p.activation.format = p.weight.scaleFormat = p.output = NumericFormat::bf16();
  EXPECT_EQ(checkMmaSyncProblem(p), std::nullopt); // but every value in bf16
  p = w4a16();
  p.k = 4100; // not a multiple of the group
  EXPECT_NE(checkMmaSyncProblem(p), std::nullopt);
  p = w4a16();
  p.weight.scaleFormat = NumericFormat::f32();
  EXPECT_NE(checkMmaSyncProblem(p), std::nullopt);
  EXPECT_EQ(checkMmaSyncProblem(w4a16()), std::nullopt);
}

TEST(GemmPlan, DecodeConstantsFoldTheZero) {
  auto d = planDecode(w4a16());
  ASSERT_TRUE(d);
  EXPECT_EQ(d->strategy, DecodeStrategy::IntMagicF16);
  EXPECT_EQ(d->constantSubtract, 1024 + 8);
  GemmProblem p = w4a16();
  p.weight.zeroPoint = format::ZeroPointKind::Integer;
  d = planDecode(p);
  ASSERT_TRUE(d);
  EXPECT_EQ(d->constantSubtract, 0);
  EXPECT_EQ(d->zeroPointOffset, 1024);
  EXPECT_EQ(planDequant(p, *d).zeroPoint, Placement::BFragment);
}

TEST(GemmPlan, TilesFillTheMachineAndFitSharedMemory) {
  for (const char *chip : {"h200", "a100", "a10", "l40s"}) {
    GemmProblem p = w4a16(chip);
    auto table = selectTiles(p, 4);
    ASSERT_FALSE(table.empty());
    EXPECT_EQ(table.front().mMin, 1);
    EXPECT_EQ(table.back().mMax, 0);
    for (size_t i = 0; i + 1 < table.size(); ++i)
      EXPECT_EQ(table[i].mMax + 1, table[i + 1].mMin);
    for (const TileConfig &c : table) {
      EXPECT_LE(sharedMemoryBytes(c, 4), p.chip.smemPerBlock) << chip;
      EXPECT_EQ(paddedN(p.n) % c.blockN, 0);
      // Small M: K splits bring the CTA count to the SM count's order.
      if (c.mMax && c.mMax <= 64)
        EXPECT_GE(workUnits(c, p, c.mMax) * 2, p.chip.smCount) << chip;
      EXPECT_LE(gridSize(c, p, 4096), p.chip.smCount * c.ctasPerSm);
    }
  }
}
