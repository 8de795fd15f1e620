// C++ API of the humming attributes: known targets, and the conversion of
// scheme attributes to the format library's structs that verifiers and
// passes rely on.
#include "humming/Dialect/Humming/IR/HummingOps.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

using namespace mlir;
using namespace mlir::humming;
namespace fmt = ::humming::format;

namespace {
struct HummingAttrs : ::testing::Test {
  HummingAttrs() { ctx.loadDialect<HummingDialect>(); }
  MLIRContext ctx;
};
} // namespace

TEST_F(HummingAttrs, KnownTargetsMatchTheChipTable) {
  for (const auto &chip : ::humming::target::knownChips()) {
    TargetAttr t = TargetAttr::getKnown(&ctx, chip.name);
    ASSERT_TRUE(t) << chip.name;
    EXPECT_EQ(t.getChip(), chip.name);
    EXPECT_EQ(t.getArch(), chip.arch);
    EXPECT_EQ(t.getSms(), chip.smCount);
    EXPECT_EQ(t.getBandwidthGbps(), chip.memoryBandwidthGBps);
  }
  EXPECT_FALSE(TargetAttr::getKnown(&ctx, "not-a-gpu"));
}

TEST_F(HummingAttrs, WeightSchemeConvertsToTheLibraryScheme) {
  auto attr = WeightSchemeAttr::get(
      &ctx, fmt::NumericFormat::e2m1(), ScaleGranularity::group, 16, {},
      fmt::NumericFormat::e4m3(), ZeroPointKind::none, true,
      SecondaryScaleKind::tensor, fmt::NumericFormat::f32());
  fmt::WeightScheme s = attr.toScheme();
  EXPECT_EQ(s.format, fmt::NumericFormat::e2m1());
  EXPECT_EQ(s.scale, fmt::ScaleGranularity::Group);
  EXPECT_EQ(s.groupSize, 16);
  EXPECT_EQ(s.scaleFormat, fmt::NumericFormat::e4m3());
  EXPECT_EQ(s.secondary, fmt::SecondaryScale::Tensor);
  EXPECT_FALSE(fmt::validate(s));
}

TEST_F(HummingAttrs, ElementTypesOfFormats) {
  EXPECT_TRUE(isa<Float8E4M3FNType>(
      getElementTypeFor(&ctx, fmt::NumericFormat::e4m3())));
  EXPECT_TRUE(getElementTypeFor(&ctx, fmt::NumericFormat::bf16()).isBF16());
  EXPECT_TRUE(getElementTypeFor(&ctx, fmt::NumericFormat::intN(4))
                  .isSignlessInteger(4));
  // Packed weight codes have no element type of their own.
  EXPECT_FALSE(getElementTypeFor(&ctx, fmt::NumericFormat::uintN(4)));
}
