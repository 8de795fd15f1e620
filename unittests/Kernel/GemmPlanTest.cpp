//===- GemmPlanTest.cpp - Decode, dequant and tile decisions --------------===//

#include "humming/Kernel/DispatchText.h"
#include "humming/Kernel/EntryRules.h"
#include "humming/Kernel/GemmPlan.h"

#include <algorithm>

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
/// An H200 layer of N x K with channel scales or groups of 128, and the
/// planner's table for it at `bits`-bit codes.
GemmProblem h200Layer(int64_t n, int64_t k, bool channel) {
  GemmProblem p = w4a16("h200");
  p.n = n;
  p.k = k;
  if (channel) {
    p.weight.scale = format::ScaleGranularity::Channel;
    p.weight.groupSize = 0;
  }
  return p;
}
std::vector<TileConfig> h200Table(int64_t n, int64_t k, unsigned bits,
                                  bool channel) {
  return selectTiles(h200Layer(n, k, channel), bits);
}
/// The entry of a dispatch table that serves M rows.
TileConfig entryFor(const std::vector<TileConfig> &table, int64_t m) {
  for (const TileConfig &c : table)
    if (m >= c.mMin && (c.mMax == 0 || m <= c.mMax))
      return c;
  ADD_FAILURE() << "no entry for M = " << m;
  return {};
}
/// The dispatch text of the entry that serves M rows (the form of a spec's
/// `dispatch=` and of bench/plan-table.sh), e.g. "1-8:8x64x64:1x2x2:s16:k4:c2:sw".
std::string entryText(const std::vector<TileConfig> &table, int64_t m) {
  return formatDispatch({entryFor(table, m)});
}
/// Whether `a` (1..8 rows) is the swapped 8-row copy of `b`'s 16-row
/// mma.sync tile: every other tuning field the same.
bool swappedCopyOf(TileConfig a, TileConfig b) {
  if (!a.swapAB || a.blockM != 8 || b.swapAB || b.blockM != 16 || b.wgmma)
    return false;
  a.swapAB = false;
  a.blockM = 16;
  a.mMin = b.mMin;
  a.mMax = b.mMax;
  return formatDispatch({a}) == formatDispatch({b});
}
/// The rows that stand for the ranges these tests name by index: up to 16,
/// 17..32 and 33..64 rows.
int64_t rowsOfRange(size_t range) { return range == 0 ? 1 : 32 * range; }
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
  // Sizes past what the kernels index in 32 bits are refused, not compiled
  // into wrapped constants: N or K beyond 2^30, packed weights of 2^31 words.
  p = w4a16();
  p.n = (int64_t(1) << 30) + 64;
  EXPECT_NE(checkMmaSyncProblem(p), std::nullopt);
  p = w4a16();
  p.weight.format = NumericFormat::uintN(8);
  p.n = 262144; // 2^18 x 2^15 x 8 bits = 2^31 words
  p.k = 32768;
  auto why = checkMmaSyncProblem(p);
  ASSERT_NE(why, std::nullopt);
  EXPECT_NE(why->find("2147483648 32-bit words"), std::string::npos) << *why;
  p.k = 32768 - 128; // a group fewer: 2^31 - 2^23 words, fits
  EXPECT_EQ(checkMmaSyncProblem(p), std::nullopt);
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

int64_t ceilDivForTest(int64_t a, int64_t b) { return (a + b - 1) / b; }

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
      EXPECT_LE(sharedMemoryBytes(c, p, 4), p.chip.smemPerBlock) << chip;
      EXPECT_EQ(paddedN(p.n) % c.blockN, 0);
      // Small M: K splits bring the CTA count to the SM count's order, or
      // stream-K fills every SM.
      if (c.mMax && c.mMax <= 64) {
        if (c.streamK) {
          EXPECT_EQ(c.splitK, 1);
          EXPECT_GE(gridSize(c, p, c.mMax) + ceilDivForTest(c.mMax, c.blockM),
                    p.chip.smCount) << chip;
        } else {
          EXPECT_GE(workUnits(c, p, c.mMax) * 2, p.chip.smCount) << chip;
        }
      }
      EXPECT_LE(gridSize(c, p, c.mMax ? c.mMax : 4096),
                p.chip.smCount * c.ctasPerSm);
    }
  }
}

TEST(GemmPlan, SmallMTilesAddWarpsWithinTheRegisterFile) {
  // 4096 x 11008: 43 k-blocks per split, beyond the narrow 2-CTA tile's
  // bound for group scales (g32: groups of 64+ take the lane-queue loop at
  // 1..16 rows, RegisterStreamWhereHalfBlocksFillOneCtaPerSm).
  GemmProblem p = w4a16();
  p.k = 11008;
  p.weight.groupSize = 32;
  for (unsigned bits : {4u, 3u}) {
    auto table = selectTiles(p, bits);
    for (const TileConfig &c : table) {
      // 64K registers per SM: threads x (accumulators + ~64 for the rest).
      EXPECT_LE(c.threads() * (c.accumulators() + 64), 65536) << c.mMin;
      EXPECT_EQ(c.blockK % (kTileK * c.warpsK), 0) << c.mMin;
      // Half weight tiles per warp only for even code widths.
      EXPECT_TRUE(c.warpCols() == kTileN || bits % 2 == 0) << c.mMin;
    }
    // M <= 16 (K split 8 ways here): 8 warps; half tiles over the whole
    // k-block (even widths) or whole tiles with 2 warps along K (odd).
    const TileConfig &small = entryFor(table, 16);
    EXPECT_EQ(small.threads(), 256);
    EXPECT_EQ(small.warpCols(), bits % 2 ? 64 : 32);
    EXPECT_EQ(small.warpsK, bits % 2 ? 2 : 1);
  }
  // Half tiles at M <= 16 where K is split, and unsplit for 4-bit codes with
  // group scales on sums (bench/NOTES.md section 62, call 7); other widths
  // unsplit keep whole tiles x 2 along K.
  p.weight.groupSize = 128;
  EXPECT_EQ(selectTiles(w4a16(), 8).front().warpCols(), 32);
  GemmProblem wide = w4a16();
  wide.n = 28672; // 112 tiles: no split
  EXPECT_EQ(selectTiles(wide, 4).front().splitK, 1);
  EXPECT_EQ(selectTiles(wide, 4).front().warpCols(), 32);
  EXPECT_EQ(selectTiles(wide, 4).front().warpsK, 1);
  EXPECT_EQ(selectTiles(wide, 8).front().warpCols(), 64);
  EXPECT_EQ(selectTiles(wide, 8).front().warpsK, 2);
}

// 17..64 rows run as one M tile where it fills the SMs with at most 3 K
// splits (each weight byte read into one SM), 256 wide if that fits, else
// 128 (33..64); otherwise as 32 x 128 tiles (their partials are half as many
// rows). Even code widths take half weight tiles per warp. (The mma.sync
// shapes: an H200 taken as plain sm_90, without warpgroup MMA.)
TEST(GemmPlan, OneMTileOnlyWhereFewSplitsFillTheMachine) {
  GemmProblem p = w4a16(); // h200: 132 SMs
  p.chip.arch.archSpecific = false;
  auto at = [&](int64_t n, int64_t k, size_t range, unsigned bits = 4) {
    p.n = n, p.k = k;
    return entryFor(selectTiles(p, bits), rowsOfRange(range));
  };
  TileConfig c = at(28672, 4096, 2); // 33..64: 112 tiles, no split
  EXPECT_EQ(c.blockM, 64);
  EXPECT_EQ(c.blockN, 256);
  EXPECT_EQ(c.warpCols(), 32);
  EXPECT_EQ(c.threads(), 256);
  EXPECT_EQ(c.splitK, 1);
  c = at(28672, 4096, 2, 3); // odd width: whole tiles, 2 warps along M
  EXPECT_EQ(c.blockM, 64);
  EXPECT_EQ(c.warpCols(), 64);
  EXPECT_EQ(c.warpsM, 2);
  c = at(28672, 4096, 1); // 17..32
  EXPECT_EQ(c.blockM, 32);
  EXPECT_EQ(c.blockN, 256);
  EXPECT_EQ(c.warpCols(), 32);
  EXPECT_EQ(at(28672, 4096, 1, 3).warpsK, 2);
  EXPECT_EQ(at(11008, 4096, 2).splitK, 3); // 43 tiles x 3
  EXPECT_EQ(at(11008, 4096, 2).blockM, 64);
  c = at(8192, 8192, 2); // 32 tiles of 256 would need 4 splits; 64 of 128, 2
  EXPECT_EQ(c.blockM, 64);
  EXPECT_EQ(c.blockN, 128);
  EXPECT_EQ(c.warpCols(), 32);
  EXPECT_EQ(c.splitK, 2);
  c = at(8192, 8192, 2, 3); // odd width: no 64 x 128 of whole tiles
  EXPECT_EQ(c.blockM, 32);
  EXPECT_EQ(c.splitK, 1);
  c = at(8192, 8192, 1); // 17..32: 32 x 128 half tiles, 2 CTAs per SM
  EXPECT_EQ(c.blockN, 128);
  EXPECT_EQ(c.warpCols(), 32);
  EXPECT_EQ(c.ctasPerSm, 2);
  EXPECT_EQ(c.splitK, 4); // 64 tiles on 2 x 132 slots
  EXPECT_EQ(at(11008, 4096, 1).ctasPerSm, 2); // 86 tiles x 3 splits
  EXPECT_EQ(at(11008, 4096, 1).splitK, 3);
  EXPECT_EQ(at(8192, 8192, 1, 8).ctasPerSm, 1); // int8 measured slower there
  EXPECT_EQ(at(11008, 4096, 1, 8).ctasPerSm, 1);
  c = at(8192, 8192, 1, 3); // odd width: no half tiles
  EXPECT_EQ(c.warpCols(), 64);
  EXPECT_EQ(c.ctasPerSm, 1);
  c = at(4096, 4096, 1); // 8 splits at 2 CTAs per SM: one CTA per SM
  EXPECT_EQ(c.ctasPerSm, 1);
  c = at(4096, 4096, 2); // 64 x 128 would need 4 splits
  EXPECT_EQ(c.blockM, 32);
  EXPECT_EQ(c.blockN, 128);
  EXPECT_EQ(c.splitK, 2);
}

// On sm_90a, 4- and 8-bit codes at 17..64 rows take warpgroup MMA where
// it measured faster (bench/NOTES.md, section 13): 2 warpgroups of one
// weight tile where 2+ K splits fill the SMs (4+ at 17..32), 2 of two
// tiles with 2-3 splits (33..64), one warpgroup of two tiles at 2 CTAs per
// SM where the tiles fill the SMs unsplit; M <= 16 stays mma.sync.
TEST(GemmPlan, WarpgroupMmaWhereItMeasuredFaster) {
  GemmProblem p = w4a16(); // h200: 132 SMs, sm_90a
  auto at = [&](int64_t n, int64_t k, size_t range, unsigned bits = 4) {
    p.n = n, p.k = k;
    return entryFor(selectTiles(p, bits), rowsOfRange(range));
  };
  TileConfig c = at(8192, 8192, 2); // 64 tiles of 128, 2 splits
  EXPECT_TRUE(c.wgmma);
  EXPECT_EQ(c.blockM, 64);
  EXPECT_EQ(c.blockN, 128);
  EXPECT_EQ(c.warpsN, 2);
  EXPECT_EQ(c.threads(), 256);
  EXPECT_EQ(c.splitK, 2);
  EXPECT_TRUE(c.clusterSplit); // a pair (bench/NOTES.md, section 89)
  // g128 (group scales on sums) where exactly 2 splits fill the SMs: 16
  // stages, two runs per iteration, at 17..32 as at 33..64.
  EXPECT_EQ(c.stages, 16);
  c = at(8192, 8192, 1);
  EXPECT_TRUE(c.wgmma);
  EXPECT_EQ(c.stages, 16);
  EXPECT_EQ(c.splitK, 2);
  EXPECT_EQ(groupScaleBlocks(c, p), 2);
  EXPECT_FALSE(at(8192, 8192, 0).wgmma); // M <= 16: mma.sync
  // Where the tiles of 128 columns cannot take 2 splits in one CTA per SM
  // (86 of them at 11008 x 4096), one warpgroup of 64 columns at 3 CTAs
  // per SM: 172 tiles x 2 splits of 32 k-blocks on 3 x 132 slots
  // (bench/NOTES.md, section 29), at 17..32 as at 33..64.
  for (size_t range : {1, 2}) {
    c = at(11008, 4096, range);
    EXPECT_TRUE(c.wgmma);
    EXPECT_EQ(c.blockM, range == 1 ? 32 : 64);
    EXPECT_EQ(c.blockN, 64);
    EXPECT_EQ(c.warpsN, 1);
    EXPECT_EQ(c.threads(), 128);
    EXPECT_EQ(c.ctasPerSm, 3);
    EXPECT_EQ(c.splitK, 2);
    // Its two splits are one cluster (section 30), so no workspace.
    EXPECT_TRUE(c.clusterSplit);
    EXPECT_FALSE(reducesPartials(c));
    EXPECT_LE(3 * sharedMemoryBytes(c, p, 4) + 3072, 233472);
    c = at(11008, 4096, range, 8); // 8-bit codes: 12 KB stages, still 3
    EXPECT_EQ(c.ctasPerSm, 3);
    EXPECT_LE(3 * sharedMemoryBytes(c, p, 8) + 3072, 233472);
  }
  // Unsplit where its tiles alone fill more than half of the 3 x 132 slots
  // in one wave (session bb: 14336 x 4096, 224 tiles; 18944 x 3584, 296),
  // 4- and 8-bit codes, at 17..32 as at 33..64.
  for (int64_t n : {14336, 18944})
    for (size_t range : {1, 2})
      for (unsigned bits : {4u, 8u}) {
        c = at(n, n == 14336 ? 4096 : 3584, range, bits);
        EXPECT_TRUE(c.wgmma);
        EXPECT_EQ(c.blockN, 64);
        EXPECT_EQ(c.ctasPerSm, 3);
        EXPECT_EQ(c.splitK, 1);
        EXPECT_FALSE(c.clusterSplit);
      }
  // Not where its units would be short (4096 x 4096, g128: 6 splits of 11
  // k-blocks) or exceed one wave (28672 x 4096: 448 tiles).
  EXPECT_EQ(at(4096, 4096, 1).ctasPerSm, 1);
  EXPECT_EQ(at(28672, 4096, 1).ctasPerSm, 2);
  // 4096 x 11008 g128 at 17..32: 6 splits of 29 k-blocks; at 33..64 at
  // most 3 splits (the partials of 64 rows), so 12 stages of 2 warpgroups.
  c = at(4096, 11008, 1);
  EXPECT_EQ(c.ctasPerSm, 3);
  EXPECT_EQ(c.splitK, 6);
  EXPECT_FALSE(c.clusterSplit); // clusters of more than 2 measured slower
  c = at(4096, 11008, 2);
  EXPECT_EQ(c.ctasPerSm, 1);
  EXPECT_EQ(c.warpsN, 2);
  EXPECT_EQ(c.stages, 12);
  c = at(28672, 4096, 2); // 224 tiles of 128 on 2 x 132 slots, no split
  EXPECT_TRUE(c.wgmma);
  EXPECT_EQ(c.blockN, 128);
  EXPECT_EQ(c.warpsN, 1);
  EXPECT_EQ(c.ctasPerSm, 2);
  EXPECT_EQ(c.splitK, 1);
  EXPECT_LE(2 * sharedMemoryBytes(c, p, 4) + 2048, 233472);
  c = at(28672, 4096, 2, 8); // 8-bit codes: fewer stages, still 2 per SM
  EXPECT_TRUE(c.wgmma);
  EXPECT_LE(2 * sharedMemoryBytes(c, p, 8) + 2048, 233472);
  EXPECT_TRUE(at(28672, 4096, 1).wgmma);
  // 8-bit codes: mma.sync where the wgmma tile measured slower.
  EXPECT_FALSE(at(28672, 4096, 1, 8).wgmma);
  EXPECT_TRUE(at(11008, 4096, 2, 8).wgmma); // one warpgroup, 3 per SM
  // 33..64, 8-bit g128 codes: the one-warpgroup 3-CTA shape would need 3
  // splits, which it takes with group sums only at 2 (measured slower):
  // 2 warpgroups, 12 stages, 2 splits.
  c = at(8192, 8192, 2, 8);
  EXPECT_TRUE(c.wgmma);
  EXPECT_EQ(c.ctasPerSm, 1);
  EXPECT_EQ(c.warpsN, 2);
  EXPECT_EQ(c.splitK, 2);
  p.weight.scale = format::ScaleGranularity::Channel;
  // Channel: 2 splits fill the SMs, so a tile's splits are a cluster pair
  // of 2 one-tile warpgroups, 12 stages of 4 k-blocks an iteration
  // (bench/NOTES.md, section 89), at any K ...
  for (int64_t k : {8192, 4096}) {
    c = at(8192, k, 2, 8);
    EXPECT_TRUE(c.wgmma);
    EXPECT_EQ(c.ctasPerSm, 1);
    EXPECT_EQ(c.splitK, 2);
    EXPECT_TRUE(c.clusterSplit);
    EXPECT_EQ(c.warpCols(), 64);
    EXPECT_EQ(c.warpsN, 2);
    EXPECT_EQ(c.stages, 12);
    EXPECT_EQ(c.iterationKBlocks, 4);
    EXPECT_EQ(kBlocksPerIteration(c), 4);
  }
  // ... and not where 2 splits do not fill them (N = 4096: 4 splits
  // through the workspace).
  c = at(4096, 4096, 2, 8);
  EXPECT_NE(c.splitK, 2);
  EXPECT_FALSE(c.clusterSplit);
  // 4-bit channel codes: the 16-stage pair computes 8 k-blocks an
  // iteration (section 91); the same shape with 4 workspace splits keeps
  // the rule by stage count (4), where 8 was not measured.
  c = at(8192, 8192, 2, 4);
  EXPECT_TRUE(c.clusterSplit);
  EXPECT_EQ(c.stages, 16);
  EXPECT_EQ(kBlocksPerIteration(c), 8);
  c = at(4096, 4096, 2, 4);
  EXPECT_TRUE(c.wgmma);
  EXPECT_FALSE(c.clusterSplit);
  EXPECT_EQ(c.stages, 16);
  EXPECT_EQ(c.iterationKBlocks, 0);
  EXPECT_EQ(kBlocksPerIteration(c), 4);
  p.weight.scale = format::ScaleGranularity::Group;
  // 8-bit channel codes at 17..32 where 2+ splits fill the SMs and each
  // holds 32+ k-blocks: the 16-stage 2-warpgroup tile (bench/NOTES.md,
  // section 27); 4096 x 4096 (16 k-blocks per split) keeps 12 stages.
  p.weight.scale = format::ScaleGranularity::Channel;
  c = at(8192, 8192, 1, 8);
  EXPECT_TRUE(c.wgmma);
  EXPECT_EQ(c.stages, 16);
  EXPECT_EQ(c.splitK, 2);
  c = at(4096, 4096, 1, 8);
  EXPECT_TRUE(c.wgmma);
  EXPECT_EQ(c.stages, 12);
  EXPECT_EQ(c.splitK, 4);
  p.weight.scale = format::ScaleGranularity::Group;
  c = at(4096, 4096, 1); // 17..32: 32 tiles of 128 with 4 splits
  EXPECT_TRUE(c.wgmma);
  EXPECT_EQ(c.splitK, 4);
  // Without group scales on sums (channel scales), 33..64 rows take 2
  // warpgroups of one tile at 2 CTAs per SM where 1-3 splits fill 2 x the
  // SMs (4-bit codes) and the one-warpgroup tiles do not fit one wave; g128
  // (above) keeps the shapes its sums fit.
  p.weight.scale = format::ScaleGranularity::Channel;
  c = at(28672, 4096, 2); // 224 tiles, no split
  EXPECT_EQ(c.warpsN, 2);
  EXPECT_EQ(c.ctasPerSm, 2);
  EXPECT_EQ(c.splitK, 1);
  c = at(8192, 8192, 2); // 2 splits at one CTA per SM come first
  EXPECT_EQ(c.ctasPerSm, 1);
  EXPECT_EQ(c.splitK, 2);
  // Other code widths, and chips without it, keep mma.sync.
  EXPECT_FALSE(at(8192, 8192, 2, 3).wgmma);
  EXPECT_FALSE(at(8192, 8192, 2, 2).wgmma);
  p = w4a16("a100");
  EXPECT_FALSE(at(8192, 8192, 2).wgmma);
}

TEST(GemmPlan, WarpKSumsReuseThePipelineSharedMemory) {
  TileConfig c;
  c.blockM = 16, c.blockN = 256, c.warpsN = 4, c.warpsK = 4, c.stages = 2;
  GemmProblem p = w4a16(); // group 128: one row of 256 f16 scales per stage
  SharedMemoryLayout l(c, p, 4);
  EXPECT_EQ(l.columnArrays, 1);
  EXPECT_EQ(l.columnRows, 1);
  EXPECT_EQ(l.stageBytes, 16 * 64 * 2 + 4 * 4 * 32 * 4 * 4 + 256 * 2);
  // 3 slices x 4 warps x 32 accumulators x 32 lanes x 4 bytes.
  EXPECT_EQ(l.reductionBytes, 3 * 4 * 32 * 32 * 4);
  EXPECT_EQ(l.flagOffset, std::max(2 * l.stageBytes, l.reductionBytes));
  EXPECT_EQ(sharedMemoryBytes(c, p, 4), l.flagOffset + 16);
  c.warpsK = 1;
  EXPECT_EQ(SharedMemoryLayout(c, p, 4).reductionBytes, 0);
  // Group 16 with zero points: 4 rows of scales and 4 of zeros per stage.
  p.weight.groupSize = 16;
  p.weight.zeroPoint = format::ZeroPointKind::Integer;
  SharedMemoryLayout z(c, p, 4);
  EXPECT_EQ(z.columnArrays, 2);
  EXPECT_EQ(z.columnRows, 4);
  EXPECT_EQ(z.columnOffset(1), z.aBytes + z.bBytes + 4 * 256 * 2);
  EXPECT_EQ(z.epilogueArrays, 0); // group scales are not the epilogue's
  // Channel scales need no stage rows; they (and a bias) are the epilogue's
  // per-column fp32 arrays, after the flag.
  p.weight.scale = format::ScaleGranularity::Channel;
  p.weight.zeroPoint = format::ZeroPointKind::None;
  SharedMemoryLayout ch(c, p, 4);
  EXPECT_EQ(ch.columnArrays, 0);
  EXPECT_EQ(ch.epilogueArrays, 1);
  EXPECT_EQ(ch.epilogueOffset, ch.flagOffset + 16);
  EXPECT_EQ(ch.totalBytes, ch.epilogueOffset + 256 * 4);
  p.bias = true;
  SharedMemoryLayout chb(c, p, 4);
  EXPECT_EQ(chb.epilogueArrays, 2);
  EXPECT_EQ(chb.epilogueArrayOffset(1, 256), chb.epilogueOffset + 256 * 4);
  EXPECT_EQ(sharedMemoryBytes(c, p, 4), chb.epilogueOffset + 2 * 256 * 4);
}

TEST(GemmPlan, WgmmaOutputStagedOverTheDrainedStages) {
  std::string err;
  GemmProblem p = w4a16();
  p.n = p.k = 8192;
  // A plain wgmma tile: the 128 x 128 f16 tile (32 KB) from offset 0.
  auto plain = parseDispatch("1-:128x128x64:1x2x1:s4:k1:wg", &err);
  ASSERT_TRUE(plain) << err;
  SharedMemoryLayout l((*plain)[0], p, 4);
  EXPECT_EQ(l.outputStageOffset, 0);
  EXPECT_EQ(l.outputStageBytes, 128 * 128 * 2);
  EXPECT_EQ(sharedMemoryBytes((*plain)[0], p, 4), l.totalBytes);
  // A cluster split: after the received sums where they leave room...
  auto cl = parseDispatch("1-96:96x128x64:1x2x1:s8:kc2:wg,97-:128x128x64:"
                          "1x2x1:s4:k1:wg",
                          &err);
  ASSERT_TRUE(cl) << err;
  SharedMemoryLayout c((*cl)[0], p, 4);
  EXPECT_EQ(c.outputStageOffset, c.clusterSumBytes);
  EXPECT_LE(c.outputStageOffset + c.outputStageBytes, c.flagOffset);
  // ...over them where they do not (192 x 128 at 2 stages: 96 KB of sums
  // fill the stages; the kernel then waits for every warp's reads).
  auto over = parseDispatch("1-192:192x128x64:1x2x1:s2:kc2:wg,193-:128x128x64:"
                            "1x2x1:s4:k1:wg",
                            &err);
  ASSERT_TRUE(over) << err;
  SharedMemoryLayout o((*over)[0], p, 4);
  EXPECT_EQ(o.outputStageOffset, 0);
  EXPECT_EQ(o.outputStageBytes, 192 * 128 * 2);
  EXPECT_GT(o.clusterSumBytes + o.outputStageBytes, o.flagOffset);
  EXPECT_LE(o.outputStageBytes, o.flagOffset);
  // Rows not 16-byte aligned (N % 8 != 0), a producer warpgroup running
  // ahead into the stages, or mma.sync: one store per accumulator.
  GemmProblem odd = p;
  odd.n = 8188;
  EXPECT_EQ(SharedMemoryLayout((*plain)[0], odd, 4).outputStageBytes, 0);
  auto ws = parseDispatch("1-:128x128x64:1x2x1:s4:k1:ws", &err);
  ASSERT_TRUE(ws) << err;
  EXPECT_EQ(SharedMemoryLayout((*ws)[0], p, 4).outputStageBytes, 0);
  auto mma = parseDispatch("1-:128x128x64:2x2x1:s4:k1", &err);
  ASSERT_TRUE(mma) << err;
  EXPECT_EQ(SharedMemoryLayout((*mma)[0], p, 4).outputStageBytes, 0);
  // Nor where a thread holds fewer than 48 (the 64-row tile: 32).
  auto few = parseDispatch("1-64:64x128x64:1x2x1:s16:kc2:wg,65-:128x128x64:"
                           "1x2x1:s4:k1:wg",
                           &err);
  ASSERT_TRUE(few) << err;
  EXPECT_EQ((*few)[0].accumulators(), 32);
  EXPECT_EQ(SharedMemoryLayout((*few)[0], p, 4).outputStageBytes, 0);
}

TEST(GemmPlan, GroupScalesOnSumsWhereAGroupHoldsWholeKBlocks) {
  // The M <= 16 shape: 8 warps of half tiles, 16 accumulators, 8 stages
  // (two k-blocks per iteration).
  TileConfig c;
  c.blockM = 16, c.blockN = 256, c.warpsN = 8, c.stages = 8, c.splitK = 4;
  GemmProblem p = w4a16(); // group 128
  EXPECT_EQ(kBlocksPerIteration(c), 2);
  EXPECT_EQ(groupScaleBlocks(c, p), 2); // one run per iteration
  p.weight.groupSize = 1024;
  EXPECT_EQ(groupScaleBlocks(c, p), 2);
  p.weight.groupSize = 64; // one k-block per group: a run per k-block
  EXPECT_EQ(groupScaleBlocks(c, p), 1);
  p.weight.groupSize = 32; // groups inside a k-block: the B fragment
  EXPECT_EQ(groupScaleBlocks(c, p), 0);
  p.weight.groupSize = 128;
  c.stages = 4; // one k-block per iteration
  EXPECT_EQ(kBlocksPerIteration(c), 1);
  EXPECT_EQ(groupScaleBlocks(c, p), 1);
  c.stages = 8;
  // Whole tiles with 2 warps along K: 32 accumulators, still room.
  c.warpsN = 4, c.warpsK = 2;
  EXPECT_EQ(c.accumulators(), 32);
  EXPECT_EQ(groupScaleBlocks(c, p), 2);
  // 64 rows per warp: 64 accumulators, no room for a second set.
  c.blockM = 64, c.blockN = 128, c.warpsK = 1;
  EXPECT_EQ(c.accumulators(), 64);
  EXPECT_EQ(groupScaleBlocks(c, p), 0);
  c.blockM = 16, c.blockN = 256, c.warpsN = 8;
  TileConfig sk = c;
  sk.splitK = 1, sk.streamK = true; // segments start anywhere
  EXPECT_EQ(groupScaleBlocks(sk, p), 0);
  // wgmma: one warpgroup of two weight tiles (64 x 128); it waits for its
  // MMAs once per iteration, so only whole iterations make a run.
  TileConfig wg = c;
  wg.wgmma = true, wg.warpsN = 1, wg.blockN = 128, wg.blockM = 64;
  EXPECT_EQ(wg.accumulators(), 64);
  EXPECT_EQ(groupScaleBlocks(wg, p), 2);
  p.weight.groupSize = 64;
  EXPECT_EQ(groupScaleBlocks(wg, p), 0);
  p.weight.groupSize = 128;
  wg.blockM = 128; // 128 accumulators
  EXPECT_EQ(groupScaleBlocks(wg, p), 0);
  p.weight.scale = format::ScaleGranularity::Channel;
  p.weight.groupSize = 0;
  EXPECT_EQ(groupScaleBlocks(c, p), 0);
}

// The 128 x 256 tile: four warpgroups of one weight tile with the group
// scales in the B fragment for 4-bit codes with groups of at most 128
// (measured faster than two of two on sums, bench/NOTES.md section 122);
// for channel codes four as well here (8192^2 at 4096 rows: 128 k-blocks a
// CTA, sections 125 and 127), with no `:bf`; two warpgroups of two for
// 8-bit groups and larger 4-bit groups.
TEST(GemmPlan, WideTileKeepsGroupScalesInTheFragment) {
  for (int64_t group : {0, 32, 64, 128, 256, 1024}) {
    GemmProblem p = w4a16();
    p.n = p.k = 8192;
    if (group) {
      p.weight.groupSize = group;
    } else {
      p.weight.scale = format::ScaleGranularity::Channel;
      p.weight.groupSize = 0;
    }
    for (unsigned bits : {4u, 8u}) {
      const TileConfig c = entryFor(selectTiles(p, bits), 4096);
      ASSERT_TRUE(c.wgmma && c.blockM == 128 && c.blockN == 256)
          << "group " << group << " bits " << bits;
      const bool inFragment = bits == 4 && group && group <= 128;
      const bool four = inFragment || !group;
      EXPECT_EQ(c.fragmentScales, inFragment) << group << " bits " << bits;
      EXPECT_EQ(c.warpsN, four ? 4 : 2) << group << " bits " << bits;
      EXPECT_EQ(c.accumulators(), four ? 64 : 128);
      if (inFragment) {
        EXPECT_EQ(groupScaleBlocks(c, p), 0);
      }
      EXPECT_EQ(formatDispatch({c}).find(":bf") != std::string::npos,
                inFragment);
    }
  }
}

// Channel codes: the 128 x 256 tile as four warpgroups where a CTA runs
// enough k-blocks, unsplit or split: 4-bit codes at 8 stages and 4 k-blocks
// an iteration from 64 k-blocks (1.03-1.08x slower as four below that,
// bench/NOTES.md section 125), 8-bit codes at 4 stages and 2 from 128
// (1.04-1.12x slower at 64, section 127) where the column tiles fit one
// wave (section 128); elsewhere two warpgroups at 6 stages.
TEST(GemmPlan, ChannelWideTileOnLongUnitsOnly) {
  struct Cell {
    int64_t n, k, m;
    bool four4, four8;
  };
  const Cell cells[] = {
      {8192, 8192, 4096, true, true},    // unsplit: 128 k-blocks
      {8192, 8192, 256, true, false},    // cluster pair: 64 a CTA
      {11008, 4096, 4096, true, false},  // unsplit: 64
      {11008, 4096, 128, false, false},  // 3 splits: 21-22 a CTA
      {4096, 4096, 512, false, false},   // cluster pair: 32 a CTA
      {4096, 4096, 4096, true, false},   // unsplit: 64
      {2048, 7168, 512, false, false},   // 4 splits: 28 a CTA
      {4096, 11008, 4096, true, true},   // unsplit: 172
      {4096, 11008, 512, true, false},   // cluster pair: 86 a CTA
      // Unsplit, 128 a CTA, but 224 column tiles: a wave's CTAs share no
      // weight tile, and 8-bit codes keep two warpgroups (section 128).
      // (At 65..192 rows 4-bit codes take two CTAs per SM there:
      // TwoCtaTilesWhereColumnTilesOutnumberTheSms.)
      {57344, 8192, 256, true, false},
      {57344, 8192, 1024, true, false},
  };
  for (const Cell &cell : cells)
    for (unsigned bits : {4u, 8u}) {
      GemmProblem p = w4a16();
      p.weight.scale = format::ScaleGranularity::Channel;
      p.weight.groupSize = 0;
      p.n = cell.n;
      p.k = cell.k;
      const TileConfig c = entryFor(selectTiles(p, bits), cell.m);
      const std::string at = std::to_string(cell.n) + " x " +
                             std::to_string(cell.k) + " M " +
                             std::to_string(cell.m) + " bits " +
                             std::to_string(bits);
      ASSERT_TRUE(c.wgmma && c.blockM == 128 && c.blockN == 256) << at;
      const bool four = bits == 4 ? cell.four4 : cell.four8;
      EXPECT_EQ(c.warpsN, four ? 4 : 2) << at;
      EXPECT_EQ(c.stages, !four ? 6 : bits == 4 ? 8 : 4) << at;
      EXPECT_EQ(kBlocksPerIteration(c), four && bits == 4 ? 4 : 2) << at;
      EXPECT_FALSE(c.fragmentScales) << at;
      const bool columnsInAWave = cell.n <= 256 * 132;
      EXPECT_EQ(unitKBlocks(c, p) >= (bits == 4 ? 64 : 128) &&
                    (bits == 4 || columnsInAWave),
                four)
          << at;
    }
}

TEST(GemmPlan, DeepPipelinesComputeFourKBlocksPerIteration) {
  // The narrow M <= 16 tile (64 columns, 2 x 4 warps) with 16 stages.
  TileConfig c;
  c.blockM = 16, c.blockN = 64, c.warpsN = 2, c.warpsK = 4, c.stages = 16;
  EXPECT_EQ(kBlocksPerIteration(c), 4);
  c.stages = 24;
  EXPECT_EQ(kBlocksPerIteration(c), 4);
  c.stages = 18; // not a multiple of four
  EXPECT_EQ(kBlocksPerIteration(c), 2);
  c.stages = 12; // shallower: two, as before
  EXPECT_EQ(kBlocksPerIteration(c), 2);
  // g128 (two k-blocks per group): an iteration holds two whole groups, one
  // run of sums each; g256 and up one run per iteration; g64 one per k-block.
  c.stages = 16;
  GemmProblem p = w4a16();
  EXPECT_EQ(groupScaleBlocks(c, p), 2);
  p.weight.groupSize = 256;
  EXPECT_EQ(groupScaleBlocks(c, p), 4);
  p.weight.groupSize = 64;
  EXPECT_EQ(groupScaleBlocks(c, p), 1);
  // wgmma: an iteration's runs rotate through two sets of sums (32
  // accumulators: 32 + 2 x 32 fit 96 registers), so groups of one k-block
  // take sums too where an iteration has two or more of them; one k-block
  // an iteration is one run (one set); a group of 32 splits a k-block and
  // keeps the scales in the decode.
  TileConfig wg;
  wg.wgmma = true, wg.blockM = 64, wg.blockN = 128, wg.warpsN = 2;
  wg.stages = 16;
  p.weight.groupSize = 128;
  EXPECT_EQ(groupScaleBlocks(wg, p), 2);
  p.weight.groupSize = 256;
  EXPECT_EQ(groupScaleBlocks(wg, p), 4);
  p.weight.groupSize = 64;
  EXPECT_EQ(groupScaleBlocks(wg, p), 1);
  wg.stages = 5;
  EXPECT_EQ(groupScaleBlocks(wg, p), 1);
  p.weight.groupSize = 32;
  EXPECT_EQ(groupScaleBlocks(wg, p), 0);
  wg.stages = 16;
  // 64 accumulators (one warpgroup of two weight tiles): one set only.
  wg.warpsN = 1;
  p.weight.groupSize = 128;
  EXPECT_EQ(groupScaleBlocks(wg, p), 0);
}

// 9..16 rows of 4-bit channel layers: 16 x 64 tiles unsplit where they fill
// the SMs in one wave (24 stages at one CTA per SM, 16 at two), 1..8 rows
// keep the K-split tile (bench/NOTES.md, section 29), unless the 2-CTA tile
// of the next test applies (8192 x 8192), unsplit 32-column blocks fill
// 2-3 CTAs per SM (UnsplitTilesAtTwoOrThreeCtasWhereTheyFillOneWave) or the
// lane-queue blocks take the layer (QueuedBlocksBeyondTheShapesTheyWere-
// MeasuredOn: there from K = 4096, so K = 2048 here). Elsewhere the two
// halves plan the same kernel and are one 1..16 entry, as are 65..128 and
// 129.. where neither splits K.
TEST(GemmPlan, NineToSixteenRowsOnNarrowTilesWhereTheyFillOneWave) {
  GemmProblem p = w4a16();
  p.weight.scale = format::ScaleGranularity::Channel;
  p.n = 8192, p.k = 2048; // 128 tiles of 64 on 132 SMs
  auto t = selectTiles(p, 4);
  ASSERT_GE(t.size(), 2u);
  EXPECT_EQ(t[0].mMax, 8);
  EXPECT_TRUE(t[0].laneQueue); // 128 unsplit 64-column queue blocks
  EXPECT_EQ(t[0].splitK, 1);
  EXPECT_EQ(t[1].mMin, 9);
  EXPECT_EQ(t[1].mMax, 16);
  EXPECT_EQ(t[1].blockN, 64);
  EXPECT_EQ(t[1].splitK, 1);
  EXPECT_EQ(t[1].stages, 24);
  EXPECT_EQ(t[1].ctasPerSm, 1);
  EXPECT_EQ(kBlocksPerIteration(t[1]), 4);
  p.n = 14336, p.k = 4096; // 224 tiles: 2 CTAs per SM, 16 stages
  t = selectTiles(p, 4);
  EXPECT_EQ(entryFor(t, 16).blockN, 64);
  EXPECT_EQ(entryFor(t, 16).ctasPerSm, 2);
  EXPECT_EQ(entryFor(t, 16).stages, 16);
  // 1..8 rows its swapped copy where it fills 4/5 of the slots (224 of
  // 264), not 2 splits of 16 x 256.
  EXPECT_TRUE(swappedCopyOf(entryFor(t, 8), entryFor(t, 16)));
  // The same tile at 1..8 (as its swapped copy) and 9..16 where the narrow
  // tile needs a split and 4 splits do not fill 2 CTAs per SM (N = 8192,
  // K = 4096's 16 k-blocks a split are too few for it), is more than one
  // wave (28672), or the layer has group scales or 8-bit codes. At N =
  // 4096 4-bit channel codes take the 2-CTA 64-column tile at 9..16 (and
  // at 1..8 where K is long; at K = 4096 1..8 rows take unsplit 32-column
  // blocks, UnsplitTilesAtTwoOrThreeCtasWhereTheyFillOneWave).
  auto oneEntry = [&](int64_t n, int64_t k, unsigned bits) {
    p.n = n, p.k = k;
    t = selectTiles(p, bits);
    return t.size() >= 2 && t[0].mMin == 1 && t[0].mMax == 8 &&
           t[1].mMax == 16 && swappedCopyOf(t[0], t[1]);
  };
  EXPECT_FALSE(oneEntry(4096, 4096, 4));
  EXPECT_EQ(t[0].blockN, 32);
  EXPECT_EQ(t[1].blockN, 32); // (the 16-row register-stream blocks)
  EXPECT_TRUE(t[1].registerStream);
  EXPECT_TRUE(oneEntry(4096, 4096, 8));
  EXPECT_TRUE(oneEntry(28672, 4096, 4));
  // (8192^2: 1..8 rows on the one-CTA 64-column lane queue, 8-bit codes
  // and groups of 64+ too.)
  EXPECT_FALSE(oneEntry(8192, 8192, 8));
  EXPECT_TRUE(t[0].laneQueue);
  EXPECT_TRUE(oneEntry(8192, 4096, 8));
  p.weight.scale = format::ScaleGranularity::Group;
  EXPECT_FALSE(oneEntry(8192, 8192, 4));
  EXPECT_TRUE(t[0].laneQueue);
  p.weight.groupSize = 64;
  EXPECT_FALSE(oneEntry(8192, 8192, 4));
  EXPECT_TRUE(t[0].laneQueue);
  p.weight.groupSize = 32;
  EXPECT_TRUE(oneEntry(8192, 8192, 4));
  p.weight.groupSize = 128;
  // Identical neighbours merge (28672 x 4096: no split at 65..128 either),
  // and no two neighbours of a table are the same kernel.
  for (int64_t n : {4096, 8192, 11008, 28672})
    for (unsigned bits : {4u, 8u}) {
      p.n = n, p.k = 4096;
      t = selectTiles(p, bits);
      for (size_t i = 0; i + 1 < t.size(); ++i) {
        EXPECT_EQ(t[i].mMax + 1, t[i + 1].mMin);
        EXPECT_FALSE(t[i].blockM == t[i + 1].blockM &&
                     t[i].blockN == t[i + 1].blockN &&
                     t[i].warpsN == t[i + 1].warpsN &&
                     t[i].warpsK == t[i + 1].warpsK &&
                     t[i].stages == t[i + 1].stages &&
                     t[i].splitK == t[i + 1].splitK &&
                     t[i].ctasPerSm == t[i + 1].ctasPerSm &&
                     t[i].wgmma == t[i + 1].wgmma)
            << n << " bits " << bits << " entry " << i;
      }
    }
  // 28672 x 4096: 65..80 and 81..96 rows one 80- / 96-row tile per
  // weight tile, unsplit; 112 warpgroup tiles of 128 x 256 at 113..128
  // rows (112 x 256 at 97..112), no split, and the same kernel from 193
  // rows on but for 193..224; 161..192 one 192-row tile per weight tile,
  // unsplit (a 160-row copy at 129..160), and for 4-bit g128 on units of
  // 64 k-blocks a 224-row copy at 193..224 (section 140).
  p.n = 28672;
  t = selectTiles(p, 4);
  const TileConfig at65 = entryFor(t, 65), at81 = entryFor(t, 81),
                   at97 = entryFor(t, 113), at129 = entryFor(t, 129),
                   at145 = entryFor(t, 145), at161 = entryFor(t, 161),
                   at177 = entryFor(t, 177);
  EXPECT_EQ(at65.blockM, 80);
  EXPECT_EQ(at65.mMax, 80);
  EXPECT_EQ(at65.splitK, 1);
  EXPECT_EQ(at81.blockM, 96);
  EXPECT_EQ(at81.mMax, 96);
  EXPECT_EQ(at97.mMax, 128);
  EXPECT_EQ(at97.blockN, 256);
  EXPECT_EQ(at97.splitK, 1);
  EXPECT_EQ(at129.blockM, 144);
  EXPECT_EQ(at129.mMax, 144);
  EXPECT_EQ(at129.splitK, 1);
  EXPECT_EQ(at145.blockM, 160);
  EXPECT_EQ(at145.mMin, 145);
  EXPECT_EQ(at145.mMax, 160);
  EXPECT_EQ(at161.blockM, 176);
  EXPECT_EQ(at161.mMin, 161);
  EXPECT_EQ(at161.mMax, 176);
  EXPECT_EQ(at161.splitK, 1);
  EXPECT_EQ(at177.blockM, 192);
  EXPECT_EQ(at177.mMin, 177);
  EXPECT_EQ(at177.mMax, 192);
  EXPECT_EQ(at177.splitK, 1);
  const TileConfig at193 = entryFor(t, 193);
  EXPECT_EQ(at193.blockM, 224);
  EXPECT_EQ(at193.blockN, 128);
  EXPECT_EQ(at193.mMin, 193);
  EXPECT_EQ(at193.mMax, 224);
  EXPECT_EQ(at193.splitK, 1);
  EXPECT_EQ(at193.ctasPerSm, 1);
  EXPECT_EQ(t.back().mMin, 225);
  EXPECT_EQ(t.back().mMax, 0);
  EXPECT_EQ(t.back().blockN, 256);
  EXPECT_EQ(t.back().splitK, 1);
  EXPECT_TRUE(t.back().wgmma);
}

// Up to 16 rows of 4-bit codes where exactly 4 K splits of 32+ k-blocks
// fill 2 CTAs per SM: 16 x 128 tiles of 4 half-tile warps at 2 CTAs per SM
// (bench/NOTES.md, sections 37 and 38). N = K = 8192 on 132 SMs: 64 tiles x 4 splits
// of 32 k-blocks on 264 slots, channel scales and group scales alike (1..8
// rows of channel layers take unsplit 32-column blocks first); not where
// the tiles take another split count, units are shorter, or the codes have
// 8 bits.
TEST(GemmPlan, TwoCtasOfFourWarpsWhereFourSplitsFillTheSlots) {
  GemmProblem p = w4a16();
  p.n = p.k = 8192;
  // (Channel layers and groups of 128+ take the 2-CTA lane-queue blocks at
  // 9..16 rows first: RegisterStreamWhereHalfBlocksFillOneCtaPerSm; g64
  // these tiles.)
  p.weight.groupSize = 64;
  for (auto scale : {format::ScaleGranularity::Group}) {
    p.weight.scale = scale;
    const TileConfig &c = entryFor(selectTiles(p, 4), 16);
    EXPECT_EQ(c.blockM, 16);
    EXPECT_EQ(c.blockN, 128);
    EXPECT_EQ(c.warpsN, 4);
    EXPECT_EQ(c.warpsK, 1);
    EXPECT_EQ(c.ctasPerSm, 2);
    EXPECT_EQ(c.splitK, 4);
    EXPECT_EQ(c.stages, 8);
    EXPECT_FALSE(c.wgmma);
  }
  // It serves 9..16 of group layers (section 38).
  for (auto scale : {format::ScaleGranularity::Group}) {
    p.weight.scale = scale;
    auto t = selectTiles(p, 4);
    ASSERT_GE(t.size(), 2u);
    EXPECT_EQ(t[1].mMax, 16);
    // (1..8 rows: the 2-CTA register-stream loop.)
    EXPECT_FALSE(swappedCopyOf(t[0], t[1]));
    EXPECT_TRUE(t[0].registerStream);
    EXPECT_EQ(entryFor(t, 16).ctasPerSm, 2);
    EXPECT_EQ(entryFor(t, 16).blockN, 128);
  }
  p.weight.scale = format::ScaleGranularity::Channel;
  EXPECT_EQ(entryFor(selectTiles(p, 8), 1).ctasPerSm, 1); // 8-bit codes
  p.k = 4096; // (the unsplit 2-CTA lane-queue blocks, not 4 splits of 16)
  EXPECT_TRUE(entryFor(selectTiles(p, 4), 16).laneQueue);
  p.k = 2048; // (8 k-blocks a split: the unsplit staged 16 x 64 tile)
  EXPECT_EQ(entryFor(selectTiles(p, 4), 16).blockN, 64);
  EXPECT_EQ(entryFor(selectTiles(p, 4), 16).splitK, 1);
  p.n = 4096, p.k = 8192; // (32 tiles: the one-CTA lane queue at 16 rows)
  EXPECT_TRUE(entryFor(selectTiles(p, 4), 16).laneQueue);
}

// 1..8 rows of 4-bit codes where 32-column blocks fill 7/8 of the SMs at one
// CTA per SM (N about 4096): the register-stream loop, 16 warps, unsplit;
// for channel scales through lane queues of 3 rounds at any K (section
// 81), for groups of 64+ 4 k-blocks ahead in registers where a block holds
// at most 64 k-blocks (bench/NOTES.md section 77) and through lane queues
// beyond (section 83). Not for 8-bit codes, g32 or other N. At 9..16 rows
// the same with 16-row blocks; for channel scales at N = K = 8192 8-warp
// blocks at 2 CTAs per SM through queues. At N = K = 8192, 1..8 rows:
// 64-column blocks of 2 x 8 warps through queues at one CTA per SM, 4- and
// 8-bit codes, channel scales and groups of 64+ (section 83).
TEST(GemmPlan, RegisterStreamWhereHalfBlocksFillOneCtaPerSm) {
  GemmProblem p = w4a16();
  p.weight.scale = format::ScaleGranularity::Channel;
  for (int64_t k : {4096, 11008, 2048}) {
    p.n = 4096, p.k = k;
    auto t = selectTiles(p, 4);
    EXPECT_EQ(entryText(t, 1), "1-8:8x32x64:1x1x16:s3:k1:rq") << k;
    EXPECT_EQ(gridSize(entryFor(t, 1), p, 8), 128) << k;
    EXPECT_EQ(entryText(t, 16), "9-16:16x32x64:1x1x16:s3:k1:rq") << k;
    EXPECT_FALSE(entryFor(selectTiles(p, 8), 1).registerStream) << k;
    EXPECT_FALSE(entryFor(selectTiles(p, 8), 16).registerStream) << k;
  }
  p.n = 4000; // 125 blocks of 132 SMs
  EXPECT_TRUE(entryFor(selectTiles(p, 4), 1).registerStream);
  // (Not the 16-warp blocks at other N; 2048 and 8192 take the 64-column
  // queue blocks: QueuedBlocksBeyondTheShapesTheyWereMeasuredOn.)
  for (int64_t n : {2048, 8192, 11008}) {
    p.n = n, p.k = 4096;
    EXPECT_NE(entryFor(selectTiles(p, 4), 1).warpsK, 16) << n;
  }
  p.n = 11008;
  EXPECT_FALSE(entryFor(selectTiles(p, 4), 1).registerStream);
  // 64-column blocks through queues at one CTA per SM where they fill 7/8
  // of the SMs and K = 8192 (N about 8192): 4- and 8-bit channel codes and
  // groups of 64+; not g32, not at K = 4096 or 16384; not 6-bit codes,
  // which the lane queue does not take.
  p.n = p.k = 8192;
  for (unsigned bits : {4u, 8u}) {
    auto t = selectTiles(p, bits);
    EXPECT_EQ(entryText(t, 1), "1-8:8x64x64:1x2x8:s3:k1:rq") << bits;
    EXPECT_EQ(gridSize(entryFor(t, 1), p, 8), 128) << bits;
  }
  EXPECT_FALSE(entryFor(selectTiles(p, 6), 1).laneQueue);
  p.n = 8000; // 125 blocks
  EXPECT_TRUE(entryFor(selectTiles(p, 4), 1).laneQueue);
  p.n = 8192;
  // (A 2-CTA register-stream loop at K = 4096 or 16384: not measured; the
  // one-CTA queue blocks at 4096, 64 k-blocks a unit, but not at 16384.)
  for (int64_t k : {4096, 16384}) {
    p.k = k;
    const TileConfig &c = entryFor(selectTiles(p, 4), 1);
    EXPECT_FALSE(c.registerStream && c.ctasPerSm == 2) << k;
    EXPECT_EQ(c.laneQueue, k == 4096) << k;
  }
  p = w4a16();
  p.n = p.k = 8192;
  EXPECT_EQ(entryText(selectTiles(p, 4), 1), "1-8:8x64x64:1x2x8:s3:k1:rq");
  p.weight.groupSize = 64;
  EXPECT_EQ(entryText(selectTiles(p, 4), 1), "1-8:8x64x64:1x2x8:s3:k1:rq");
  p.weight.groupSize = 32;
  EXPECT_FALSE(entryFor(selectTiles(p, 4), 1).registerStream);
  // 9..16 rows at 8192^2: not the 64-column queue (section 83: slower);
  // g128 the 2-CTA 16-row queue (section 84), g64 not (not measured).
  p.weight.groupSize = 128;
  EXPECT_EQ(entryText(selectTiles(p, 4), 16), "9-16:16x32x64:1x1x8:s3:k1:c2:rq");
  p.weight.groupSize = 64;
  EXPECT_FALSE(entryFor(selectTiles(p, 4), 16).registerStream);
  p = w4a16(); // g128, 4096 x 4096
  auto t = selectTiles(p, 4);
  EXPECT_EQ(entryText(t, 1), "1-8:8x32x64:1x1x16:s4:k1:rs");
  EXPECT_EQ(groupScaleBlocks(entryFor(t, 1), p), 0);
  // 9..16 rows: 16-row blocks through lane queues of 3 rounds at any K
  // (section 84; 4 rounds in registers where the queue does not fit).
  EXPECT_EQ(entryText(t, 16), "9-16:16x32x64:1x1x16:s3:k1:rq");
  EXPECT_EQ(entryText(selectTiles(w4a16("l40s"), 4), 16),
            "9-16:16x32x64:1x1x16:s4:k1:rs");
  // Beyond 64 k-blocks a block: lane queues of 3 rounds, groups of 64+.
  for (int64_t group : {128, 64})
    for (int64_t k : {8192, 11008, 14336}) {
      p.k = k, p.weight.groupSize = group;
      t = selectTiles(p, 4);
      EXPECT_EQ(entryText(t, 1), "1-8:8x32x64:1x1x16:s3:k1:rq") << group << k;
      EXPECT_EQ(entryText(t, 16), "9-16:16x32x64:1x1x16:s3:k1:rq") << group << k;
    }
  p.k = 4096, p.weight.groupSize = 64;
  EXPECT_EQ(entryText(selectTiles(p, 4), 1), "1-8:8x32x64:1x1x16:s4:k1:rs");
  p.weight.groupSize = 32;
  EXPECT_FALSE(entryFor(selectTiles(p, 4), 1).registerStream);
  p.k = 11008;
  EXPECT_FALSE(entryFor(selectTiles(p, 4), 1).registerStream);
  // Every such table compiles: the builder's rules hold (tile checked by
  // the dispatch text round trip; shared memory without stages for the
  // register form, the warps' rings for the queue).
  p.k = 4096, p.weight.groupSize = 128;
  EXPECT_EQ(SharedMemoryLayout(entryFor(selectTiles(p, 4), 1), p, 4).stageBytes,
            0);
  p.k = 11008;
  const TileConfig q = entryFor(selectTiles(p, 4), 1);
  EXPECT_EQ(SharedMemoryLayout(q, p, 4).stageBytes,
            q.threads() * 16 * q.laneQueueChunks(4, true));
}

// Up to 16 rows of 4-bit codes: 64-column tiles of 2 half-tile warps x 2
// along K at 2 CTAs per SM where exactly 4 K splits of 16+ k-blocks fill
// the slots (bench/NOTES.md section 41: N = 4096), 1..8 swapped like every
// 1..8 mma.sync tile; group-scale layers where a split holds at most 32
// k-blocks (sections 42 and 44).
TEST(GemmPlan, TwoCtasOfNarrowTilesUpTo16RowsWhereFourSplitsFillThem) {
  GemmProblem p = w4a16(); // h200, 132 SMs: 64 tiles x 4 splits = 256 CTAs
  p.weight.scale = format::ScaleGranularity::Channel;
  for (auto [n, k] : {std::pair<int64_t, int64_t>{4096, 6144}, {4096, 11008}}) {
    p.n = n, p.k = k;
    auto t = selectTiles(p, 4);
    // (Channel scales at N = 4096: the one-CTA lane queue at both halves
    // since section 83, RegisterStreamWhere...)
    EXPECT_TRUE(entryFor(t, 16).laneQueue) << n << "x" << k;
  }
  // Group scales (g128, g64, g32): where a split holds 16 or 32 k-blocks,
  // not 43 (g128 measured slower there at both halves); groups of 64+ take
  // the register-stream loop (at 1..8 rows in registers at K = 4096) and
  // at 9..16 the lane queue.
  p.weight.scale = format::ScaleGranularity::Group;
  for (int64_t group : {128, 64, 32}) {
    p.weight.groupSize = group;
    for (int64_t k : {4096, 8192}) {
      p.n = 4096, p.k = k;
      auto t = selectTiles(p, 4);
      if (group == 32) {
        EXPECT_EQ(entryText(t, 1), "1-8:8x64x64:1x2x2:s16:k4:c2:sw") << k;
        EXPECT_EQ(entryText(t, 16), "9-16:16x64x64:1x2x2:s16:k4:c2") << k;
      } else {
        EXPECT_TRUE(entryFor(t, 1).registerStream) << group << " " << k;
        EXPECT_TRUE(entryFor(t, 16).laneQueue) << group << " " << k;
      }
    }
    p.k = 11008;
    auto t = selectTiles(p, 4);
    EXPECT_NE(entryFor(t, 1).blockN, 64) << group;
    EXPECT_NE(entryFor(t, 16).blockN, 64) << group;
    EXPECT_EQ(entryFor(t, 16).laneQueue, group >= 64) << group;
  }
  p.weight.scale = format::ScaleGranularity::Channel;
  p.k = 4096;
  EXPECT_EQ(entryFor(selectTiles(p, 8), 1).ctasPerSm, 1); // 8-bit codes
  p.k = 2048; // 4 splits of 8 k-blocks: the unit would be its prologue
  EXPECT_NE(entryFor(selectTiles(p, 4), 1).blockN, 64);
  p.n = p.k = 8192; // 128 tiles: 2 splits; 8-warp queued blocks at 16
  EXPECT_EQ(entryText(selectTiles(p, 4), 16), "9-16:16x32x64:1x1x8:s3:k1:c2:rq");
  // 8-bit codes too (sections 83-84), not 6-bit ones (no lane queue).
  EXPECT_EQ(entryText(selectTiles(p, 8), 16), "9-16:16x32x64:1x1x8:s3:k1:c2:rq");
  EXPECT_FALSE(entryFor(selectTiles(p, 6), 16).laneQueue);
  p.n = 11008, p.k = 4096; // 172 tiles: no split fills them
  EXPECT_NE(entryFor(selectTiles(p, 4), 1).blockN, 64);
}

// 1..16 rows of 4-bit codes: 128-column tiles of 4 half-tile warps at 2
// CTAs per SM where exactly 3 K splits of 16+ k-blocks fill the slots
// (bench/NOTES.md section 41: 11008 x 4096, 86 tiles x 3 = 258 CTAs; 9..16
// since section 76), group scales (channel layers, 4- and 8-bit, take
// unsplit 32-column blocks at 3 CTAs per SM first); not for 8-bit codes,
// nor where a split would hold fewer than 16 k-blocks.
TEST(GemmPlan, TwoCtasOfHalfTilesWhereThreeSplitsFillThem) {
  GemmProblem p = w4a16();
  p.n = 11008, p.k = 4096;
  p.weight.scale = format::ScaleGranularity::Group;
  auto t = selectTiles(p, 4);
  EXPECT_EQ(entryText(t, 1), "1-8:8x128x64:1x4x1:s8:k3:c2:sw");
  EXPECT_EQ(gridSize(entryFor(t, 1), p, 8), 258);
  EXPECT_EQ(entryText(t, 16), "9-16:16x128x64:1x4x1:s8:k3:c2");
  EXPECT_NE(entryFor(selectTiles(p, 8), 1).blockN, 128); // 8-bit
  p.k = 2048; // 3 splits of 10-11 k-blocks
  EXPECT_EQ(entryFor(selectTiles(p, 4), 1).ctasPerSm, 1);
}

// Up to 16 rows of 4-bit codes: unsplit tiles at 2-3 CTAs per SM where
// they fill the slots in one wave and the other shapes would split K
// (bench/NOTES.md, section 62). 32-column blocks (4 warps along K) of
// channel layers: at 2 CTAs per SM at 1..8 (8192 x 8192: 256 blocks on 264
// slots; 9..16 keep their 2-CTA K-split tile), at 3 at 1..16 (11008 x 4096:
// 344 blocks, more than 2 per SM hold); 64-column tiles of 2 x 2 warps,
// channel or group scales, where they fill 7/8 of 2 CTAs per SM (16384 x
// 4096). 32-column blocks of 8-bit channel codes at 3 CTAs per SM too
// (11008 x 4096, section 75), not at 2 (8192 x 8192: measured equal).
// Not for group-scale 32-column blocks, or tiles that fit one CTA per SM
// (N = 4096) or fill little of two (11008 g128). Group scales on sums
// take unsplit 128-column tiles at 2 CTAs per SM where they fill one wave
// (28672 x 4096).
TEST(GemmPlan, UnsplitTilesAtTwoOrThreeCtasWhereTheyFillOneWave) {
  GemmProblem p = w4a16();
  p.weight.scale = format::ScaleGranularity::Channel;
  p.n = p.k = 8192;
  auto t = selectTiles(p, 4);
  // (1..8 rows there: the 2-CTA register-stream loop; at K = 4096 the
  // queue blocks, QueuedBlocksBeyondTheShapesTheyWereMeasuredOn; at 16384,
  // 256 k-blocks a unit, these.)
  p.k = 16384;
  t = selectTiles(p, 4);
  EXPECT_EQ(entryText(t, 1), "1-8:8x32x64:1x1x4:s32:k1:c2:sw");
  EXPECT_EQ(gridSize(entryFor(t, 1), p, 8), 256);
  p.k = 8192;
  t = selectTiles(p, 4);
  // (9..16 rows: 8-warp blocks through lane queues at 2 CTAs per SM,
  // section 81; group layers keep the 4-split 2-CTA tile.)
  EXPECT_EQ(entryText(t, 16), "9-16:16x32x64:1x1x8:s3:k1:c2:rq");
  EXPECT_EQ(gridSize(entryFor(t, 16), p, 16), 256);
  p.n = 11008, p.k = 4096;
  t = selectTiles(p, 4);
  EXPECT_EQ(entryText(t, 1), "1-8:8x32x64:1x1x4:s16:k1:c3:sw");
  EXPECT_EQ(entryText(t, 16), "9-16:16x32x64:1x1x4:s16:k1:c3");
  EXPECT_EQ(gridSize(entryFor(t, 16), p, 16), 344);
  for (auto scale : {format::ScaleGranularity::Channel,
                     format::ScaleGranularity::Group}) {
    p.weight.scale = scale;
    p.n = 16384, p.k = 4096;
    t = selectTiles(p, 4);
    EXPECT_EQ(entryText(t, 1), "1-8:8x64x64:1x2x2:s16:k1:c2:sw");
    EXPECT_EQ(entryText(t, 16), "9-16:16x64x64:1x2x2:s16:k1:c2");
  }
  // Group scales on sums: unsplit 128-column tiles of 4 half-tile warps at
  // 2 CTAs per SM where they fill them in one wave (28672 x 4096, 224
  // tiles: section 76), not where they would need 2 K splits (14336).
  p.n = 28672;
  t = selectTiles(p, 4);
  EXPECT_EQ(entryText(t, 1), "1-8:8x128x64:1x4x1:s8:k1:c2:sw");
  EXPECT_EQ(entryText(t, 16), "9-16:16x128x64:1x4x1:s8:k1:c2");
  // (14336: the 2-CTA queue blocks, in two waves; g64, which they do not
  // take, 2 splits of 16 x 256.)
  p.n = 14336;
  EXPECT_EQ(entryText(selectTiles(p, 4), 16), "9-16:16x32x64:1x1x8:s3:k1:c2:rq");
  p.weight.groupSize = 64;
  EXPECT_EQ(entryText(selectTiles(p, 4), 16), "9-16:16x256x64:1x8x1:s8:k2");
  p.weight.groupSize = 128;
  // Group scales on 32-column blocks (but the register-stream loop's);
  // 8-bit codes at 2 CTAs per SM; one CTA per SM enough.
  p.n = p.k = 8192;
  EXPECT_TRUE(entryFor(selectTiles(p, 4), 1).registerStream);
  p.k = 4096;
  EXPECT_NE(entryFor(selectTiles(p, 4), 1).blockN, 32);
  p.n = 11008, p.k = 4096;
  EXPECT_NE(entryFor(selectTiles(p, 4), 1).blockN, 32);
  EXPECT_NE(entryFor(selectTiles(p, 4), 1).blockN, 64); // 172 tiles of 264
  p.weight.scale = format::ScaleGranularity::Channel;
  t = selectTiles(p, 8);
  EXPECT_EQ(entryText(t, 1), "1-8:8x32x64:1x1x4:s16:k1:c3:sw");
  EXPECT_EQ(entryText(t, 16), "9-16:16x32x64:1x1x4:s16:k1:c3");
  p.n = p.k = 8192;
  EXPECT_NE(entryFor(selectTiles(p, 8), 1).blockN, 32);
  // (4-bit codes at N = 4096: the register-stream loop, below.)
  p.n = p.k = 4096;
  EXPECT_TRUE(entryFor(selectTiles(p, 4), 16).registerStream);
  // 8-bit channel codes at one CTA per SM: 1..16 rows and any K (section
  // 75: 4096 x 4096 and 4096 x 11008 faster than 2-4 K splits).
  p.weight.scale = format::ScaleGranularity::Channel;
  for (int64_t k : {4096, 11008}) {
    p.k = k;
    t = selectTiles(p, 8);
    EXPECT_EQ(entryText(t, 1), "1-8:8x32x64:1x1x4:s32:k1:sw");
    EXPECT_EQ(entryText(t, 16), "9-16:16x32x64:1x1x4:s32:k1");
  }
}

// Every combination of the optional fields the grammar allows parses, and
// prints back as written: [:c<n>][:wg|:ws|:sw|:rs[:pf<n>]|:rq][:l1][:bf][:i<n>],
// any of them alone right after the split.
TEST(DispatchText, EveryOptionalFieldCombinationRoundTrips) {
  const std::vector<std::string> ctas = {"", ":c2"};
  const std::vector<std::string> pipes = {"", ":wg", ":ws", ":sw", ":rs",
                                          ":rs:pf4", ":rq"};
  int parsed = 0;
  for (const std::string &c : ctas)
    for (const std::string &pipe : pipes)
      for (const char *l1 : {"", ":l1"})
        for (const char *bf : {"", ":bf"})
          for (const char *it : {"", ":i2"}) {
            bool rs = pipe.rfind(":rs", 0) == 0;
            if ((rs && !std::string(l1).empty()) ||
                ((rs || pipe == ":rq") && !std::string(it).empty()))
              continue; // refused with their own reasons (below)
            std::string entry = "1-16:16x64x64:1x2x1:s4:k2" + c + pipe + l1 +
                                bf + it;
            std::string text = entry + ",17-:64x128x64:2x2x1:s4:k1";
            std::string err;
            auto t = parseDispatch(text, &err);
            ASSERT_TRUE(t) << text << ": " << err;
            EXPECT_EQ(formatDispatch(*t), text);
            EXPECT_EQ((*t)[0].iterationKBlocks, std::string(it).empty() ? 0 : 2)
                << text;
            ++parsed;
          }
  EXPECT_EQ(parsed, 2 * (4 * 8 + 2 * 2 + 4)); // rs, rs:pf: bf only; rq: l1, bf
  std::string err;
  EXPECT_FALSE(parseDispatch("1-:16x64x64:1x2x1:s4:k1:rs:l1", &err));
  EXPECT_NE(err.find("loads its activations into registers"), std::string::npos)
      << err;
  EXPECT_FALSE(parseDispatch("1-:16x64x64:1x2x1:s4:k1:rq:i2", &err));
  EXPECT_NE(err.find("not for 'rs' / 'rq'"), std::string::npos) << err;
  EXPECT_FALSE(parseDispatch("1-:16x64x64:1x2x1:s4:k1:i2:bf", &err));
  EXPECT_NE(err.find("has fields after ':i2'"), std::string::npos) << err;
  EXPECT_FALSE(parseDispatch("1-:16x64x64:1x2x1:s4:k1:c2:wg:l1:bf:i2:x", &err));
  EXPECT_NE(err.find("has fields after ':i2'"), std::string::npos) << err;
}

TEST(DispatchText, RoundTripsAndRefusesGapsAndJunk) {
  std::string err;
  auto t = parseDispatch("1-16:16x256x64:1x4x2:s6:k4,17-:128x128x64:2x2x1:s4:k1:c2",
                         &err);
  ASSERT_TRUE(t) << err;
  ASSERT_EQ(t->size(), 2u);
  EXPECT_EQ((*t)[0].mMax, 16);
  EXPECT_EQ((*t)[0].warpsK, 2);
  EXPECT_EQ((*t)[0].threads(), 256);
  EXPECT_EQ((*t)[1].mMax, 0);
  EXPECT_EQ((*t)[1].ctasPerSm, 2);
  EXPECT_EQ(formatDispatch(*t),
            "1-16:16x256x64:1x4x2:s6:k4,17-:128x128x64:2x2x1:s4:k1:c2");
  // Stream-K is "sk" in the split's place.
  auto sk = parseDispatch("1-32:32x128x64:1x2x2:s8:sk,33-:128x128x64:2x2x1:s4:k1",
                          &err);
  ASSERT_TRUE(sk) << err;
  EXPECT_TRUE((*sk)[0].streamK);
  EXPECT_EQ((*sk)[0].splitK, 1);
  EXPECT_FALSE((*sk)[1].streamK);
  EXPECT_EQ(formatDispatch(*sk),
            "1-32:32x128x64:1x2x2:s8:sk,33-:128x128x64:2x2x1:s4:k1");
  // A K split as one cluster is "kc<n>": no workspace, every unit at once,
  // its sums in shared memory ([chunk][thread], 16 bytes each).
  auto cl = parseDispatch("1-16:16x256x64:1x8x1:s8:kc4,17-64:64x64x64:1x1x1:"
                          "s6:kc3:c3:wg,65-:128x128x64:2x2x1:s4:k1",
                          &err);
  ASSERT_TRUE(cl) << err;
  EXPECT_TRUE((*cl)[0].clusterSplit);
  EXPECT_EQ((*cl)[0].splitK, 4);
  EXPECT_TRUE((*cl)[1].clusterSplit);
  EXPECT_FALSE((*cl)[2].clusterSplit);
  EXPECT_EQ(formatDispatch(*cl), "1-16:16x256x64:1x8x1:s8:kc4,17-64:64x64x64:"
                                 "1x1x1:s6:kc3:c3:wg,65-:128x128x64:2x2x1:s4:k1");
  {
    GemmProblem p = w4a16();
    p.n = p.k = 8192;
    const TileConfig &c = (*cl)[0];
    EXPECT_FALSE(reducesPartials(c));
    EXPECT_EQ(workspaceBytes(c, p, 16), 0);
    EXPECT_EQ(gridSize(c, p, 1), 32 * 4); // 32 tiles x 4 splits
    SharedMemoryLayout l(c, p, 4);
    EXPECT_EQ(l.clusterSumBytes, 256 * 16 * 4);
    EXPECT_GE(l.flagOffset, l.clusterSumBytes);
    EXPECT_EQ(gridSize((*cl)[1], p, 40), 128 * 3);
    // 64 x 64 at one warpgroup: 8 chunks a thread, in whole groups of the 3
    // splits (an owner receives into the slots of its group's other chunks).
    SharedMemoryLayout l3((*cl)[1], p, 4);
    EXPECT_EQ(l3.clusterSumBytes, 128 * 16 * 9);
    // Over an unbounded range the refusal says so, rather than counting
    // units at M = 0.
    TileConfig open = c;
    open.mMax = 0;
    auto why = kernelBuildProblem(open, p, 4);
    ASSERT_TRUE(why);
    EXPECT_NE(why->find("(here the range is unbounded)"), std::string::npos)
        << *why;
    EXPECT_EQ(why->find("at M = 0"), std::string::npos) << *why;
  }
  EXPECT_FALSE(parseDispatch("1-16:16x256x64:1x8x1:s8:kc1,17-:128x128x64:"
                             "2x2x1:s4:k1",
                             &err));
  EXPECT_NE(err.find("kc2 (the splits as one cluster)"), std::string::npos)
      << err;
  // Warpgroup MMA is ":wg" after the optional CTA count; the warp grid then
  // counts warpgroups (128 threads each), and a stage starts on 1 KB.
  auto wg = parseDispatch("1-64:64x256x64:1x2x1:s6:k2:wg,65-:128x128x64:"
                          "2x2x1:s4:k1:c2:wg",
                          &err);
  ASSERT_TRUE(wg) << err;
  EXPECT_TRUE((*wg)[0].wgmma);
  EXPECT_EQ((*wg)[0].threads(), 256);
  EXPECT_EQ((*wg)[0].accumulators(), 64); // 2 weight tiles x 64 rows / 2
  EXPECT_EQ((*wg)[1].ctasPerSm, 2);
  EXPECT_TRUE((*wg)[1].wgmma);
  EXPECT_EQ(formatDispatch(*wg), "1-64:64x256x64:1x2x1:s6:k2:wg,65-:128x128x64:"
                                 "2x2x1:s4:k1:c2:wg");
  SharedMemoryLayout wgl((*wg)[0], w4a16(), 4);
  EXPECT_EQ(wgl.stageBytes % 1024, 0);
  EXPECT_GE(wgl.stageBytes, wgl.aBytes + wgl.bBytes);
  EXPECT_EQ(wgl.barrierBytes, 0);
  // ":ws" is warpgroup MMA warp-specialized: a producer warpgroup beside
  // the warp grid, and two mbarriers per stage after the split-K flag.
  auto ws = parseDispatch("1-64:64x256x64:1x2x1:s6:k2:ws,65-:128x128x64:"
                          "2x2x1:s4:k1:c2:wg",
                          &err);
  ASSERT_TRUE(ws) << err;
  EXPECT_TRUE((*ws)[0].wgmma);
  EXPECT_TRUE((*ws)[0].warpSpecialized);
  EXPECT_FALSE((*ws)[1].warpSpecialized);
  EXPECT_EQ((*ws)[0].mathThreads(), 256);
  EXPECT_EQ((*ws)[0].threads(), 384);
  // The producer keeps 40 of the 168 registers a thread has at launch and
  // the math warpgroups split what it gives up (setmaxnreg): 168 + 128 x
  // 128 / 256. Without a producer both counts are the launch's.
  EXPECT_EQ((*ws)[0].registersPerThread(), 168);
  EXPECT_EQ((*ws)[0].mathRegistersPerThread(), 232);
  EXPECT_EQ((*ws)[1].mathRegistersPerThread(),
            (*ws)[1].registersPerThread());
  TileConfig four = (*ws)[0];
  four.warpsN = 4; // 640 threads: 96 at launch, 96 + 56 x 128 / 512
  EXPECT_EQ(four.registersPerThread(), 96);
  EXPECT_EQ(four.mathRegistersPerThread(), 104);
  TileConfig twoCtas = (*ws)[0];
  twoCtas.warpsN = 1, twoCtas.ctasPerSm = 2; // 128 + 88 x 128 / 128
  EXPECT_EQ(twoCtas.mathRegistersPerThread(), 216);
  EXPECT_EQ(formatDispatch(*ws), "1-64:64x256x64:1x2x1:s6:k2:ws,65-:128x128x64:"
                                 "2x2x1:s4:k1:c2:wg");
  SharedMemoryLayout wsl((*ws)[0], w4a16(), 4);
  EXPECT_EQ(wsl.barrierOffset, wsl.flagOffset + 16);
  EXPECT_EQ(wsl.barrierBytes, 2 * 6 * 8);
  EXPECT_EQ(wsl.totalBytes, wgl.totalBytes + 2 * 6 * 8);
  EXPECT_FALSE(parseDispatch("1-:64x256x64:1x2x1:s6:k1:ws:wg", &err));
  EXPECT_NE(err.find("has fields after ':ws'"), std::string::npos) << err;
  // ":sw" is mma.sync with the weights as the A operand: 8-row M tiles,
  // 4 accumulators per pair of n8-tiles (half those of a 16-row tile).
  auto sw = parseDispatch("1-8:8x128x64:1x4x1:s8:k4:c2:sw,9-:128x128x64:"
                          "2x2x1:s4:k1",
                          &err);
  ASSERT_TRUE(sw) << err;
  EXPECT_TRUE((*sw)[0].swapAB);
  EXPECT_FALSE((*sw)[0].wgmma);
  EXPECT_FALSE((*sw)[1].swapAB);
  EXPECT_EQ((*sw)[0].ctasPerSm, 2);
  EXPECT_EQ((*sw)[0].threads(), 128);
  EXPECT_EQ((*sw)[0].accumulators(), 8);
  EXPECT_EQ(formatDispatch(*sw), "1-8:8x128x64:1x4x1:s8:k4:c2:sw,9-:128x128x64:"
                                 "2x2x1:s4:k1");
  EXPECT_FALSE(parseDispatch("1-:8x128x64:1x4x1:s8:k1:sw:wg", &err));
  EXPECT_NE(err.find("has fields after ':sw'"), std::string::npos) << err;
  // ":bf" keeps group scales in the B fragment where the tile could hold
  // per-group sums: groupScaleBlocks 0 for the same g128 tile.
  auto bf = parseDispatch("1-8:8x32x64:1x1x4:s16:k1:c2:sw:bf,9-16:16x256x64:"
                          "1x4x2:s6:k4:bf,17-:128x128x64:2x2x1:s4:k1",
                          &err);
  ASSERT_TRUE(bf) << err;
  EXPECT_TRUE((*bf)[0].fragmentScales && (*bf)[0].swapAB);
  EXPECT_TRUE((*bf)[1].fragmentScales && !(*bf)[1].swapAB);
  EXPECT_FALSE((*bf)[2].fragmentScales);
  EXPECT_EQ(formatDispatch(*bf), "1-8:8x32x64:1x1x4:s16:k1:c2:sw:bf,9-16:"
                                 "16x256x64:1x4x2:s6:k4:bf,17-:128x128x64:"
                                 "2x2x1:s4:k1");
  TileConfig sums = (*bf)[0];
  sums.fragmentScales = false;
  EXPECT_GT(groupScaleBlocks(sums, w4a16()), 0);
  EXPECT_EQ(groupScaleBlocks((*bf)[0], w4a16()), 0);
  // ":rs" is the swapped tile as the register-stream loop: 16 warps along K
  // taking whole k-blocks, no stages in shared memory (only the warps' sums
  // and the epilogue's columns), group scales in the fragment.
  auto rs = parseDispatch("1-8:8x32x64:1x1x16:s2:k1:c2:rs,9-:128x128x64:"
                          "2x2x1:s4:k1",
                          &err);
  ASSERT_TRUE(rs) << err;
  EXPECT_TRUE((*rs)[0].registerStream && (*rs)[0].swapAB);
  EXPECT_FALSE((*rs)[1].registerStream);
  EXPECT_EQ((*rs)[0].threads(), 512);
  EXPECT_EQ(formatDispatch(*rs), "1-8:8x32x64:1x1x16:s2:k1:c2:rs,9-:128x128x64:"
                                 "2x2x1:s4:k1");
  EXPECT_EQ(kBlocksPerIteration((*rs)[0]), 2); // one per slot
  SharedMemoryLayout rsl((*rs)[0], w4a16(), 4);
  EXPECT_EQ(rsl.stageBytes, 0);
  EXPECT_EQ(rsl.reductionBytes, 15 * 8 * 32 * 4);
  EXPECT_EQ(rsl.flagOffset, rsl.reductionBytes);
  EXPECT_EQ(groupScaleBlocks((*rs)[0], w4a16()), 0);
  // 16 rows (two n8 B operands a decoded A): twice the accumulators, and
  // twice the warps' sums in shared memory.
  auto rs16 = parseDispatch("1-16:16x32x64:1x1x16:s1:k1:rs,17-:128x128x64:"
                            "2x2x1:s4:k1",
                            &err);
  ASSERT_TRUE(rs16) << err;
  EXPECT_EQ((*rs16)[0].swappedRowGroups(), 2);
  EXPECT_EQ((*rs16)[0].accumulators(), 16);
  EXPECT_EQ(SharedMemoryLayout((*rs16)[0], w4a16(), 4).reductionBytes,
            15 * 16 * 32 * 4);
  // ":pf<n>" after ":rs": the loop's L2 prefetch, n rounds on.
  auto pf = parseDispatch("1-8:8x32x64:1x1x16:s1:k1:c2:rs:pf2,9-:128x128x64:"
                          "2x2x1:s4:k1",
                          &err);
  ASSERT_TRUE(pf) << err;
  EXPECT_EQ((*pf)[0].l2PrefetchRounds, 2);
  EXPECT_EQ((*pf)[1].l2PrefetchRounds, 0);
  EXPECT_EQ(formatDispatch(*pf), "1-8:8x32x64:1x1x16:s1:k1:c2:rs:pf2,9-:"
                                 "128x128x64:2x2x1:s4:k1");
  // ":rq": the same loop through lane queues, one round an iteration, its
  // stages rounds of every lane's chunks in shared memory (4-bit channel: 2
  // of codes + 2 of activations per 8 rows; group scales: one more).
  auto rq = parseDispatch("1-8:8x32x64:1x1x16:s3:k1:c2:rq,9-16:16x32x64:"
                          "1x1x8:s2:k1:rq,17-:128x128x64:2x2x1:s4:k1",
                          &err);
  ASSERT_TRUE(rq) << err;
  EXPECT_TRUE((*rq)[0].registerStream && (*rq)[0].laneQueue);
  EXPECT_TRUE((*rq)[0].swapAB);
  EXPECT_FALSE((*rq)[2].laneQueue);
  EXPECT_EQ(kBlocksPerIteration((*rq)[0]), 1);
  EXPECT_EQ(formatDispatch(*rq), "1-8:8x32x64:1x1x16:s3:k1:c2:rq,9-16:"
                                 "16x32x64:1x1x8:s2:k1:rq,17-:128x128x64:"
                                 "2x2x1:s4:k1");
  GemmProblem channel = w4a16();
  channel.weight.scale = format::ScaleGranularity::Channel;
  SharedMemoryLayout rql((*rq)[0], channel, 4);
  EXPECT_EQ(rql.stageBytes, 512 * 4 * 16);
  EXPECT_EQ(rql.flagOffset, 3 * rql.stageBytes);
  EXPECT_EQ(SharedMemoryLayout((*rq)[1], w4a16(), 4).stageBytes,
            256 * 7 * 16);
  EXPECT_EQ(SharedMemoryLayout((*rq)[1], channel, 8).stageBytes,
            256 * 8 * 16);
  // A 16-row queue scales each round's sums where a k-block lies in one
  // group (g64+), the decoded pairs for g32, with ":bf" or at 8 rows; the
  // ":rs" loop always the pairs.
  EXPECT_EQ(groupScaleBlocks((*rq)[1], w4a16()), 1);
  EXPECT_EQ(groupScaleBlocks((*rq)[0], w4a16()), 0);
  GemmProblem g32 = w4a16();
  g32.weight.groupSize = 32;
  EXPECT_EQ(groupScaleBlocks((*rq)[1], g32), 0);
  TileConfig rqbf = (*rq)[1];
  rqbf.fragmentScales = true;
  EXPECT_EQ(groupScaleBlocks(rqbf, w4a16()), 0);
  TileConfig rsg = rqbf;
  rsg.fragmentScales = rsg.laneQueue = false;
  EXPECT_EQ(groupScaleBlocks(rsg, w4a16()), 0);
  // No L2 prefetch in the queue form: its copies are the rounds ahead.
  EXPECT_FALSE(parseDispatch("1-8:8x32x64:1x1x16:s3:k1:rq:pf2,9-:128x128x64:"
                             "2x2x1:s4:k1",
                             &err));
  EXPECT_NE(err.find("has fields after ':rq'"), std::string::npos) << err;
  EXPECT_FALSE(parseDispatch("1-:8x32x64:1x1x16:s2:k1:sw:pf2", &err));
  EXPECT_NE(err.find("has fields after ':sw'"), std::string::npos) << err;
  for (const char *bad : {"pf0", "pf17", "pfx"}) {
    EXPECT_FALSE(parseDispatch(
        std::string("1-8:8x32x64:1x1x16:s2:k1:rs:") + bad +
            ",9-:128x128x64:2x2x1:s4:k1",
        &err));
    EXPECT_NE(err.find("is not an L2 prefetch distance"), std::string::npos)
        << err;
  }
  EXPECT_FALSE(parseDispatch("1-:8x32x64:1x1x16:s2:k1:rs:sw", &err));
  EXPECT_NE(err.find("has fields after ':rs'"), std::string::npos) << err;
  // ":l1": activation copies cached in L1 too, after the pipeline and
  // before ":bf", for the copied kernels (staged tiles, lane queues), not
  // for the ":rs" loop's loads into registers.
  auto l1 = parseDispatch("1-16:16x32x64:1x1x8:s3:k1:c2:rq:l1,17-64:64x128x64:"
                          "1x2x1:s16:k2:wg:l1,65-:128x128x64:2x2x1:s4:k1:l1:bf",
                          &err);
  ASSERT_TRUE(l1) << err;
  EXPECT_TRUE((*l1)[0].activationsL1 && (*l1)[0].laneQueue);
  EXPECT_TRUE((*l1)[1].activationsL1 && (*l1)[1].wgmma);
  EXPECT_TRUE((*l1)[2].activationsL1 && (*l1)[2].fragmentScales);
  EXPECT_EQ(formatDispatch(*l1), "1-16:16x32x64:1x1x8:s3:k1:c2:rq:l1,17-64:"
                                 "64x128x64:1x2x1:s16:k2:wg:l1,65-:128x128x64:"
                                 "2x2x1:s4:k1:l1:bf");
  EXPECT_FALSE(parseDispatch("1-:8x32x64:1x1x16:s2:k1:rs:l1", &err));
  EXPECT_NE(err.find("the 'rs' loop loads its activations into registers"),
            std::string::npos)
      << err;
  // ":i<n>": k-blocks per iteration of a staged loop, last; 1, 2, 4 or 8,
  // dividing the stages with as many more in flight; not for ":rs" / ":rq".
  auto it = parseDispatch("1-64:64x128x64:1x2x1:s12:kc2:wg:i4,65-:128x128x64:"
                          "2x2x1:s4:k1:bf:i2",
                          &err);
  ASSERT_TRUE(it) << err;
  EXPECT_EQ((*it)[0].iterationKBlocks, 4);
  EXPECT_EQ(kBlocksPerIteration((*it)[0]), 4);
  EXPECT_EQ((*it)[1].iterationKBlocks, 2);
  EXPECT_EQ(kBlocksPerIteration((*it)[1]), 2);
  EXPECT_EQ(formatDispatch(*it), "1-64:64x128x64:1x2x1:s12:kc2:wg:i4,65-:"
                                 "128x128x64:2x2x1:s4:k1:bf:i2");
  EXPECT_TRUE(parseDispatch("1-64:64x128x64:1x2x1:s16:kc2:wg:i8,65-:128x128x64:"
                            "2x2x1:s4:k1", &err)) << err;
  for (const char *bad : {"s12:k1:wg:i3", "s10:k1:wg:i4", "s4:k1:wg:i4",
                          "s12:k1:wg:i0", "s12:k1:wg:ix", "s12:k1:wg:i8",
                          "s8:k1:wg:i8"}) {
    EXPECT_FALSE(parseDispatch(std::string("1-:64x128x64:1x2x1:") + bad, &err))
        << bad;
    EXPECT_NE(err.find("is not a count of k-blocks per iteration"),
              std::string::npos)
        << err;
  }
  EXPECT_FALSE(parseDispatch("1-:8x32x64:1x1x16:s4:k1:rq:i2", &err));
  EXPECT_NE(err.find("not for 'rs' / 'rq'"), std::string::npos) << err;
  EXPECT_FALSE(parseDispatch("1-:64x128x64:1x2x1:s12:k1:wg:i4:bf", &err));
  EXPECT_NE(err.find("has fields after ':i4'"), std::string::npos) << err;
  EXPECT_FALSE(parseDispatch("1-:128x128x64:2x2x1:s4:k1:l1:wg", &err));
  EXPECT_NE(err.find("has fields after ':l1'"), std::string::npos) << err;
  EXPECT_FALSE(parseDispatch("1-:128x128x64:2x2x1:s4:k1:bf:c2", &err));
  EXPECT_NE(err.find("has fields after ':bf'"), std::string::npos) << err;
  EXPECT_FALSE(parseDispatch("1-:128x128x64:2x2x1:s4:k1:bf:bf", &err));
  EXPECT_EQ(formatDispatch(selectTiles(w4a16(), 4)),
            formatDispatch(*parseDispatch(formatDispatch(selectTiles(w4a16(), 4)),
                                          &err)));
  for (const char *bad :
       {"", "1-16:16x256x64:1x4x2:s6:k4", "2-:16x256x64:1x4x1:s4:k1",
        "1-16:16x256x64:1x4x1:s4:k1,18-:16x256x64:1x4x1:s4:k1",
        "1-:16x256x64:1x4x1:s4:k1,2-:16x256x64:1x4x1:s4:k1",
        "1-:16x256:1x4x1:s4:k1", "1-:16x256x64:1x4x1:4:k1",
        "1-:16x256x64:1x4x1:s4:k0", "1-:16x256x64:1x4x1:s4:k1:x2",
        "1-:16x256x64:1x-4x1:s4:k1", "a-:16x256x64:1x4x1:s4:k1",
        "1-:16x256x64:1x4x1:s4:k2", "1-:16x256x64:1x4x1:s4:sk",
        "1-16:16x256x64:1x4x1:s4:sk2,17-:16x256x64:1x4x1:s4:k1",
        "1-:16x256x64:1x4x1:s4:k1:wg:c2", "1-:16x256x64:1x4x1:s4:k1:wg:wg",
        "1-:16x256x64:1x4x1:s4:k1:wgmma"}) {
    err.clear();
    EXPECT_FALSE(parseDispatch(bad, &err)) << bad;
    EXPECT_FALSE(err.empty()) << bad;
  }
}

// Stream-K (hand-written and autotuned tables; the planner keeps split-K,
// which measured faster): the M tiles run side by side, and the workspace
// holds every segment a tile can have.
// 1..8 rows on mma.sync take the swapped 8-row copy of the tile chosen for
// them (bench/NOTES.md, section 39), on every chip, code width and scale:
// wgmma tiles and tiles of more rows never swap.
TEST(GemmPlan, UpToEightRowsTakeTheSwappedCopyOfTheirMmaSyncTile) {
  int swapped = 0;
  for (const char *chip : {"h200", "a100", "l40s", "b200"})
    for (auto [n, k] : {std::pair<int64_t, int64_t>{4096, 4096},
                        {8192, 8192}, {11008, 4096}, {4096, 11008},
                        {28672, 4096}, {1000, 1024}})
      for (unsigned bits : {2u, 3u, 4u, 8u})
        for (auto scale : {format::ScaleGranularity::Channel,
                           format::ScaleGranularity::Group}) {
          GemmProblem p = w4a16(chip);
          p.n = n, p.k = k;
          p.weight.scale = scale;
          auto t = selectTiles(p, bits);
          for (const TileConfig &c : t) {
            SCOPED_TRACE(std::string(chip) + " " + std::to_string(n) + "x" +
                         std::to_string(k) + " bits " + std::to_string(bits) +
                         " " + formatDispatch(t));
            // (Up to 16 rows the register-stream loop, swapped at any
            // blockM.)
            EXPECT_EQ(c.swapAB, (c.mMax != 0 && c.mMax <= 8 && !c.wgmma) ||
                                    c.registerStream);
            if (c.swapAB && c.mMax <= 8) {
              ++swapped;
              EXPECT_EQ(c.blockM, 8);
              EXPECT_EQ(c.warpsM, 1);
              EXPECT_LE(sharedMemoryBytes(c, p, bits),
                        sharedMemoryLimit(p.chip));
            }
          }
          EXPECT_TRUE(t.front().swapAB);
        }
  EXPECT_EQ(swapped, 4 * 6 * 4 * 2);
}

// 1..8 rows of 8-bit channel codes: unsplit 64-column tiles at 2 CTAs per
// SM where they fill the slots in one wave but not one CTA per SM
// (bench/NOTES.md, section 39: 11008 x 4096 on 132 SMs, 172 tiles; since
// section 75 32-column blocks at 3 CTAs per SM take that shape, so 16384 x
// 4096, 256 tiles); not where one CTA per SM holds them (8192 x 8192, 128
// tiles), where 2 CTAs per SM would take two waves (28672 x 4096), nor
// with group scales, nor at 9..16 rows.
TEST(GemmPlan, EightBitRowsUpToEightOnTwoCtasWhereOneCtaTakesTwoWaves) {
  GemmProblem p = w4a16();
  p.weight.scale = format::ScaleGranularity::Channel;
  auto first = [&](int64_t n, int64_t k) {
    p.n = n, p.k = k;
    return selectTiles(p, 8).front();
  };
  TileConfig c = first(16384, 4096);
  EXPECT_TRUE(c.swapAB);
  EXPECT_EQ(c.mMax, 8);
  EXPECT_EQ(c.blockN, 64);
  EXPECT_EQ(c.ctasPerSm, 2);
  EXPECT_EQ(c.splitK, 1);
  EXPECT_EQ(c.stages, 16);
  EXPECT_EQ(entryFor(selectTiles(p, 8), 16).ctasPerSm, 1);
  EXPECT_EQ(first(8192, 8192).ctasPerSm, 1);
  EXPECT_EQ(first(28672, 4096).ctasPerSm, 1);
  EXPECT_EQ(first(3584, 11008).splitK, 4); // the narrow tile (below)
  p.weight.scale = format::ScaleGranularity::Group;
  EXPECT_EQ(first(16384, 4096).ctasPerSm, 1);
}

// 1..8 rows of 8-bit channel codes where exactly 4 K splits fill 2 CTAs
// per SM but 32-column blocks fill less than 7/8 of the SMs (N = 3392 ..
// 3711; about 4096 those blocks are taken, section 75): the narrow 2-CTA
// tile of 4-bit codes (64 columns, 2 x 2 warps, 4 K splits) where a split
// holds 32+ k-blocks (bench/NOTES.md, section 49: 4096 x 11008, 43 a split,
// faster; 4096 x 4096, 16 a split, equal); never at 9..16 rows nor with
// group scales.
TEST(GemmPlan, EightBitRowsUpToEightOnTheNarrowTileWhereSplitsAreLong) {
  GemmProblem p = w4a16();
  p.weight.format = NumericFormat::intN(8);
  p.weight.scale = format::ScaleGranularity::Channel;
  p.n = 3584, p.k = 11008;
  std::vector<TileConfig> table = selectTiles(p, 8);
  EXPECT_EQ(entryText(table, 1), "1-8:8x64x64:1x2x2:s16:k4:c2:sw");
  EXPECT_EQ(gridSize(entryFor(table, 1), p, 8), 224);
  EXPECT_EQ(entryFor(table, 16).ctasPerSm, 1);
  p.k = 8192; // 32 k-blocks a split
  EXPECT_EQ(selectTiles(p, 8).front().splitK, 4);
  p.k = 4096; // 16
  EXPECT_EQ(selectTiles(p, 8).front().ctasPerSm, 1);
  p.k = 11008;
  p.weight.scale = format::ScaleGranularity::Group;
  EXPECT_EQ(selectTiles(p, 8).front().ctasPerSm, 1);
}

TEST(GemmPlan, StreamKGeometry) {
  GemmProblem p = w4a16(); // h200: 132 SMs
  p.n = 28672;
  p.k = 4096;
  auto table = selectTiles(p, 4);
  for (const TileConfig &t : table)
    EXPECT_FALSE(t.streamK) << t.mMin;
  // 33..64 as 32 x 128 tiles (the planner takes 64 x 256 at this N).
  TileConfig c = (*parseDispatch("1-32:16x256x64:1x4x2:s8:k1,33-64:32x128x64:"
                                 "1x2x2:s8:sk,65-:128x128x64:2x2x1:s4:k1",
                                 nullptr))[1];
  ASSERT_EQ(c.mMax, 64);
  // 112 N tiles of 256 columns at M <= 8 fill all 132 SMs.
  TileConfig small =
      (*parseDispatch("1-8:8x256x64:1x8x1:s8:sk:sw,9-:128x128x64:2x2x1:s4:k1",
                      nullptr))[0];
  EXPECT_EQ(gridSize(small, p, 1), 132);
  // 33..64: two 32-row M tiles side by side, 66 CTAs each.
  EXPECT_EQ(gridSize(c, p, 64), 132);
  EXPECT_EQ(gridSize(c, p, 33), 132);
  // 224 N tiles x 64 k-blocks over 66 CTAs: 217 each, so a tile meets at
  // most ceil(64 / 217) + 1 = 2 ranges.
  EXPECT_EQ(partialSlots(c, p, 64), 2);
  EXPECT_EQ(workspaceBytes(c, p, 64), 2 * 64 * 28672 * 4);
  // Two counters for each of the 2 x 224 tiles (arrivals, started units).
  EXPECT_EQ(counterCount(c, p, 64), 2 * 2 * 224);
  // A 4096 x 4096 layer at M = 1: 16 tiles x 64 k-blocks over 132 CTAs (7
  // each): up to ceil(64 / 7) + 1 = 11 segments per tile.
  p.n = 4096;
  EXPECT_EQ(gridSize(small, p, 1), 132);
  EXPECT_EQ(partialSlots(small, p, 1), 11);
  // Never fewer than kStreamKMinBlocks k-blocks per CTA: 1 tile x 16.
  p.n = 256;
  p.k = 1024;
  EXPECT_EQ(gridSize(small, p, 1), 4);
  EXPECT_EQ(partialSlots(small, p, 1), 4);
}

// A kernel runs one unit per CTA (no persistent loop) exactly where its
// range is bounded and the units at the range's largest M fit the CTA
// slots, so gridSize gives every unit its own CTA at every M of the range.
TEST(GemmPlan, OneUnitPerCtaWhereTheRangeFitsTheSlots) {
  GemmProblem p = w4a16(); // h200: 132 SMs
  p.n = 8192;
  p.k = 8192;
  auto entries = *parseDispatch(
      "1-8:8x64x64:1x2x8:s3:k1:rq,9-16:16x32x64:1x1x8:s3:k1:c2:rq,"
      "17-32:16x32x64:1x1x8:s3:k1:rq,33-64:64x128x64:1x2x1:s16:k2:wg,"
      "65-128:64x128x64:1x2x1:s16:k2:wg,129-:128x256x64:1x2x1:s6:k1:wg",
      nullptr);
  // 128 blocks at one CTA per SM; 256 at two (264 slots).
  EXPECT_TRUE(oneUnitPerCta(entries[0], p));
  EXPECT_TRUE(oneUnitPerCta(entries[1], p));
  // 17..32 on 16-row tiles: 512 units at M = 32, over 132 slots.
  EXPECT_FALSE(oneUnitPerCta(entries[2], p));
  // 64 N tiles x 2 splits at M <= 64; two M tiles past it.
  EXPECT_TRUE(oneUnitPerCta(entries[3], p));
  EXPECT_FALSE(oneUnitPerCta(entries[4], p));
  // The unbounded last range.
  EXPECT_FALSE(oneUnitPerCta(entries[5], p));
  for (int i : {0, 1, 3})
    for (int64_t m = entries[i].mMin; m <= entries[i].mMax; ++m)
      EXPECT_EQ(gridSize(entries[i], p, m), workUnits(entries[i], p, m))
          << i << " " << m;
  // Stream-K deals k-blocks to the CTAs: never one unit each.
  TileConfig sk = (*parseDispatch(
      "1-8:8x256x64:1x8x1:s8:sk:sw,9-:128x128x64:2x2x1:s4:k1", nullptr))[0];
  EXPECT_FALSE(oneUnitPerCta(sk, p));
}

// Every entry the planner plans fits the CTA's shared memory and the kernel
// builders' rules, down to the 48 KB every arch has (a target's smem=):
// where no candidate fits even at 2 stages, the one taken computes fewer
// rows. Found by scripts/fuzz.py (seed 66086): uint7 g32 with zero points,
// bf16 out, at 48 KB planned a 128 x 128 tile of 49,168 bytes at 65+ rows,
// which humming-select-pipeline then refused.
TEST(GemmPlan, EveryEntryFitsASmallSharedMemory) {
  for (const char *chip : {"h200", "a100", "l40s"})
    for (unsigned bits : {2u, 3u, 4u, 5u, 7u, 8u})
      for (int64_t group : {0, 32, 128})
        for (bool zeros : {false, true})
          for (auto [n, k] : std::vector<std::pair<int64_t, int64_t>>{
                   {512, 5120}, {4096, 4096}, {28672, 4096}}) {
            GemmProblem p = w4a16(chip);
            p.weight.format = NumericFormat::uintN(bits);
            p.weight.scale = group ? format::ScaleGranularity::Group
                                   : format::ScaleGranularity::Channel;
            p.weight.groupSize = group;
            p.weight.zeroPoint = zeros ? format::ZeroPointKind::Integer
                                       : format::ZeroPointKind::None;
            p.output = NumericFormat::bf16();
            p.n = n;
            p.k = k;
            p.chip.smemPerBlock = 48 * 1024;
            for (const TileConfig &c : selectTiles(p, bits)) {
              const std::string what =
                  std::string(chip) + " " + std::to_string(n) + "x" +
                  std::to_string(k) + " bits " + std::to_string(bits) +
                  " group " + std::to_string(group) + " zeros " +
                  std::to_string(zeros) + " entry " + formatDispatch({c});
              EXPECT_LE(sharedMemoryBytes(c, p, bits), sharedMemoryLimit(p.chip))
                  << what;
              EXPECT_EQ(dispatchEntryProblem(c, p, bits), std::nullopt) << what;
            }
          }
}

// 65+ rows of 4- and 8-bit codes on sm_90a: 128 x 256 tiles (bench/NOTES.md
// sections 65-67), K split to fill the SMs from the tiles of the range's
// largest M, a range per 128-row tile count up to 512 rows, two splits as a
// cluster pair; for 4-bit groups of up to 128, and 4-bit channel codes
// where a CTA runs 64+ k-blocks, four warpgroups of one weight tile, else
// two of two (sections 121, 122 and 125).
// Elsewhere 128 x 128 mma.sync tiles: 2 x 4 half-tile warps for even code
// widths (section 64), 2 x 2 whole-tile warps for odd ones (whose warps
// cannot take half a tile).
TEST(GemmPlan, LargeTilesByCodeWidthAndArch) {
  GemmProblem p = w4a16();
  for (const char *chip : {"h200", "a100"})
    for (int64_t n : {4096, 8192, 28672})
      for (unsigned bits : {2u, 3u, 4u, 5u, 8u})
        for (bool channel : {false, true}) {
          p = w4a16(chip);
          p.n = n;
          p.k = 8192;
          if (channel) {
            p.weight.scale = format::ScaleGranularity::Channel;
            p.weight.groupSize = 0;
          }
          const std::vector<TileConfig> t = selectTiles(p, bits);
          for (int64_t m : {65, 128, 129, 161, 256, 257, 512, 513, 4096}) {
            const TileConfig c = entryFor(t, m);
            const bool warpgroups =
                std::string(chip) == "h200" && (bits == 4 || bits == 8);
            EXPECT_EQ(c.wgmma, warpgroups)
                << chip << " " << n << " bits " << bits << " M " << m;
            if (c.ctasPerSm == 2 && c.wgmma && m <= 192) {
              // 4-bit channel codes at 65..192 rows where the 128-column
              // tiles outnumber the SMs: two CTAs per SM
              // (TwoCtaTilesWhereColumnTilesOutnumberTheSms).
              EXPECT_TRUE(channel && bits == 4) << n << " M " << m;
              EXPECT_GT(workUnits(c, p, c.mMax), 132);
              continue;
            }
            if (warpgroups && (c.blockM == 192 || c.blockM == 176 ||
                               c.blockM == 160 || c.blockM == 144 ||
                               c.blockM == 80)) {
              // 177..192 rows may take one 192-row tile per weight tile
              // (MidRowsOnOneTileOf192Rows), 129..176 its 144 / 160 /
              // 176-row copies in 16-row steps, 65..80 an 80-row copy of
              // the 96-row tile (LowRowsOnOneTileOf96Rows): the range is
              // the tile's rows.
              EXPECT_EQ(c.mMin, c.blockM == 80 ? 65 : c.blockM - 15);
              EXPECT_EQ(c.mMax, c.blockM);
              // The 96-row tile over 256 columns, unsplit: as wC, four
              // warpgroups of one weight tile for 4-bit groups (scales in
              // the B fragment, 6 stages) and 4-bit channel codes on 64+
              // k-blocks a CTA (8 stages), else two of two (6 stages).
              const bool wide96 = c.blockM == 80 && c.blockN == 256;
              if (!wide96) {
                EXPECT_EQ(c.warpCols(), 64);
                EXPECT_EQ(c.stages, c.blockM == 80 ? 8 : 5);
                continue;
              }
              const bool four =
                  bits == 4 && (!channel || unitKBlocks(c, p) >= 64);
              EXPECT_EQ(c.splitK, 1);
              EXPECT_EQ(c.warpsN, four ? 4 : 2) << n << " bits " << bits;
              EXPECT_EQ(c.warpCols(), four ? 64 : 128);
              EXPECT_EQ(c.fragmentScales, four && !channel);
              EXPECT_EQ(c.stages, four && channel ? 8 : 6);
              continue;
            }
            EXPECT_EQ(c.blockM, 128);
            if (warpgroups) {
              // 65..256 rows may take the 128 x 128 tile of two warpgroups of
              // one weight tile where it is estimated cheaper (its tables:
              // SmallWarpgroupTileWhereCheaper).
              if (m <= 256 && c.blockN == 128) {
                EXPECT_EQ(c.warpCols(), 64);
                EXPECT_EQ(c.warpsN, 2);
                if (c.mMax) {
                  EXPECT_LE(workUnits(c, p, c.mMax), 132);
                }
                continue;
              }
              EXPECT_EQ(c.blockN, 256);
              // 4-bit g128: 64 accumulators a thread at 128 registers (512
              // threads), the group scales in the B fragment, not on sums;
              // channel codes the same where a CTA runs 64+ k-blocks (4-bit,
              // at 8 stages) or 128+ (8-bit, at 4). 8-bit groups and
              // shorter channel units: 128 accumulators (256 threads).
              const bool four =
                  channel ? unitKBlocks(c, p) >= (bits == 4 ? 64 : 128)
                          : bits == 4;
              EXPECT_EQ(c.warpCols(), four ? 64 : 128);
              EXPECT_EQ(c.warpsN, four ? 4 : 2);
              EXPECT_EQ(c.accumulators(), four ? 64 : 128);
              EXPECT_EQ(c.mathThreads(), four ? 512 : 256);
              EXPECT_EQ(c.fragmentScales, four && !channel);
              EXPECT_EQ(c.stages, !four || !channel ? 6 : bits == 4 ? 8 : 4);
              if (four && !channel) {
                EXPECT_EQ(groupScaleBlocks(c, p), 0);
              }
              // 132 SMs: the split that fills them from the range's tiles,
              // through the workspace, 2 as a cluster pair; where a cluster
              // split of 3-8 fits the H200's clusters and costs less
              // (clusterSplitFor), that one. Not at K = 8192 (128 k-blocks:
              // the extra k-blocks of fewer splits outweigh the cheaper end).
              const int64_t rangeTiles = (m <= 128   ? 1
                                          : m <= 256 ? 2
                                          : m <= 512 ? 4
                                                     : 0) *
                                         (n / 256);
              int64_t split =
                  rangeTiles && rangeTiles < 132 ? 132 / rangeTiles : 1;
              const bool cluster = split == 2;
              EXPECT_EQ(c.splitK, split) << n << " bits " << bits << " M " << m;
              EXPECT_EQ(c.clusterSplit, cluster);
              if (cluster) {
                EXPECT_LE(rangeTiles, clusterCapacity(p.chip, split));
              }
              if (c.mMax) {
                EXPECT_LE(workUnits(c, p, c.mMax), 132);
              }
              continue;
            }
            EXPECT_EQ(c.warpsM, 2);
            EXPECT_EQ(c.warpCols(), bits % 2 ? kTileN : kTileN / 2)
                << chip << " " << n << " bits " << bits << " M " << m;
            EXPECT_FALSE(c.wgmma);
          }
        }
}

// The cluster split of the 128 x 256 warpgroup tile (clusterSplitFor): in
// k-block times, a split's k-blocks plus its end (workspace ~8 + 1.6 x
// splits, cluster ~2 + 2 x splits), taken where every tile's cluster is
// resident at once (clusterCapacity, measured on the H200) and 10 %
// cheaper.
// 65..256 rows on sm_90a: the 128 x 128 warpgroup tile (wA) or the 128 x
// 256 one (wC), the cheaper by estimateMicros; the tables bench/NOTES.md
// section 69 measured, W4A16 channel (wA faster in 7 of its 8 cells, the
// other two ties within 3 %: wC kept).
TEST(GemmPlan, SmallWarpgroupTileWhereCheaper) {
  struct Case {
    int64_t n, k, m, blockN, split;
    bool cluster;
  };
  for (const Case &x : std::vector<Case>{
           {4096, 4096, 128, 128, 4, false},   // 17.0 us, wC 20.8
           {4096, 4096, 256, 128, 2, true},    // 20.7, wC 27.2
           {8192, 8192, 128, 128, 2, true},    // 36.0, wC 41.5
           {8192, 8192, 256, 256, 2, true},    // wC 62.3, wA 61.3
           {4096, 11008, 128, 128, 4, false},  // 30.6, wC 35.8
           {4096, 11008, 256, 128, 2, true},   // 45.5, wC 49.4
           {11008, 4096, 128, 256, 3, false},  // wC 32.5, wA 31.7
           {11008, 4096, 256, 256, 1, false},  // wC 54.8, wA 62.3
           {28672, 4096, 128, 256, 1, false}}) {
    GemmProblem p = w4a16("h200");
    p.n = x.n;
    p.k = x.k;
    const TileConfig c = entryFor(selectTiles(p, 4), x.m);
    EXPECT_TRUE(c.wgmma);
    EXPECT_EQ(c.blockN, x.blockN) << x.n << " x " << x.k << " M " << x.m;
    EXPECT_EQ(c.splitK, x.split) << x.n << " x " << x.k << " M " << x.m;
    EXPECT_EQ(c.clusterSplit, x.cluster) << x.n << " x " << x.k << " M " << x.m;
  }
}

// The planner's H200 tables of each case's shape (its n and k) for 4- and
// 8-bit codes: f(case, bits, table).
template <typename Case, typename F>
void forEachH200Table(const std::vector<Case> &cases, F f) {
  for (const Case &x : cases)
    for (unsigned bits : {4u, 8u}) {
      GemmProblem p = w4a16("h200");
      p.n = x.n;
      p.k = x.k;
      f(x, bits, selectTiles(p, bits));
    }
}

// 129..192 rows on sm_90a: one 192-row tile (wgmma n192) per weight tile
// where estimateMicros rates it under the 128-row tiles, which compute 256
// rows there (bench/NOTES.md section 71): where a 128-row tile would need
// splits through the workspace or two waves; not at N = 4096, K = 4096,
// where the 128 x 128 tile's pair is cheaper. Elsewhere 129..256 is one
// range. 129..176 run 144-, 160- and 176-row copies of it in 16-row steps,
// same split and stages (sections 137 and 139).
TEST(GemmPlan, MidRowsOnOneTileOf192Rows) {
  struct Case {
    int64_t n, k, blockM, split;
    bool cluster;
  };
  forEachH200Table(std::vector<Case>{{4096, 4096, 128, 2, true},
                                      {8192, 8192, 192, 2, true},
                                      {11008, 4096, 192, 1, false},
                                      {4096, 11008, 192, 4, false},
                                      {28672, 4096, 192, 1, false}},
                   [](const Case &x, unsigned bits,
                      const std::vector<TileConfig> &t) {
      const TileConfig c = entryFor(t, 192);
      EXPECT_TRUE(c.wgmma);
      EXPECT_EQ(c.blockM, x.blockM) << x.n << " x " << x.k << " bits " << bits;
      EXPECT_EQ(c.splitK, x.split) << x.n << " x " << x.k << " bits " << bits;
      EXPECT_EQ(c.clusterSplit, x.cluster) << x.n << " x " << x.k;
      // The 192-row tile's range is 177..192; 193 rows take another kernel,
      // each 16-row step below it the same tile with the step's rows.
      if (c.blockM == 192) {
        EXPECT_EQ(c.mMin, 177);
        EXPECT_EQ(c.mMax, 192);
        EXPECT_NE(entryFor(t, 193).blockM, 192);
        for (int64_t rows : {144, 160, 176}) {
          const TileConfig low = entryFor(t, rows);
          EXPECT_EQ(low.blockM, rows);
          EXPECT_EQ(low.mMin, rows - 15);
          EXPECT_EQ(low.mMax, rows);
          EXPECT_EQ(low.splitK, c.splitK);
          EXPECT_EQ(low.clusterSplit, c.clusterSplit);
          EXPECT_EQ(low.stages, c.stages);
          EXPECT_EQ(low.blockN, c.blockN);
        }
      } else {
        EXPECT_EQ(entryFor(t, 160).blockM, c.blockM);
      }
    });
  // No warpgroup MMA on the A100: one mma.sync range from 129 rows.
  GemmProblem a100 = w4a16("a100");
  a100.n = a100.k = 8192;
  EXPECT_EQ(entryFor(selectTiles(a100, 4), 160).blockM, 128);
}

// 193..224 rows on sm_90a: one 224-row tile (wgmma n224) per weight tile
// at one CTA per SM, with the 192-row tile's split, where it measured
// faster than the 128-row tiles' 256 rows (bench/NOTES.md sections
// 140-141): 8-bit channel codes, group scales of 4- and 8-bit codes in at
// most 2 K splits, 4-bit channel codes on units of 40..63; never on units
// under 40 (4096^2), for groups in 4 workspace splits, nor without
// warpgroup MMA. Where it is not taken, 193..224 merges with 225.. again.
TEST(GemmPlan, RowsUpTo224OnOneTileOf224Rows) {
  struct Case {
    int64_t n, k;
    unsigned bits;
    bool channel;
    int64_t split; // 0: not taken
    bool cluster;
  };
  const std::vector<Case> cases = {
      {8192, 8192, 8, true, 2, true},     {4096, 11008, 8, true, 4, false},
      {28672, 4096, 8, true, 1, false},   {11008, 4096, 8, true, 1, false},
      {4096, 11008, 4, true, 4, false},   {8192, 8192, 4, true, 0, false},
      {28672, 4096, 4, true, 0, false},   {8192, 8192, 4, false, 2, true},
      {11008, 4096, 4, false, 1, false},  {4096, 11008, 4, false, 0, false},
      {8192, 8192, 8, false, 2, true},    {4096, 4096, 8, true, 0, false},
      {28672, 4096, 8, false, 1, false},  {4096, 4096, 8, false, 0, false},
      {3584, 18944, 4, false, 0, false},  {3584, 18944, 8, true, 4, false},
      {4096, 4096, 4, false, 0, false}};
  for (const Case &x : cases) {
    const std::vector<TileConfig> t = h200Table(x.n, x.k, x.bits, x.channel);
    const TileConfig c = entryFor(t, 200);
    const std::string what = std::to_string(x.n) + " x " + std::to_string(x.k) +
                             " bits " + std::to_string(x.bits) +
                             (x.channel ? " channel" : " g128");
    EXPECT_TRUE(c.wgmma) << what;
    if (!x.split) {
      EXPECT_NE(c.blockM, 224) << what;
      EXPECT_EQ(entryFor(t, 225).mMin, c.mMin) << what;
      continue;
    }
    EXPECT_EQ(c.blockM, 224) << what;
    EXPECT_EQ(c.blockN, 128) << what;
    EXPECT_EQ(c.mMin, 193) << what;
    EXPECT_EQ(c.mMax, 224) << what;
    EXPECT_EQ(c.stages, 5) << what;
    EXPECT_EQ(c.ctasPerSm, 1) << what;
    EXPECT_EQ(c.splitK, x.split) << what;
    EXPECT_EQ(c.clusterSplit, x.cluster) << what;
    EXPECT_FALSE(c.fragmentScales) << what;
    EXPECT_EQ(entryFor(t, 225).mMin, 225) << what;
  }
  // Groups of 64 and 32 as groups of 128: a cluster pair at 8192^2,
  // unsplit at 28672 x 4096, not at 4096^2.
  for (int64_t groupSize : {64, 32})
    for (auto [n, k, split] : {std::tuple<int64_t, int64_t, int64_t>{
                                   8192, 8192, 2},
                               {28672, 4096, 1},
                               {4096, 4096, 0}}) {
      GemmProblem g = h200Layer(n, k, false);
      g.weight.groupSize = groupSize;
      const TileConfig c = entryFor(selectTiles(g, 4), 200);
      const std::string what = "g" + std::to_string(groupSize) + " " +
                               std::to_string(n) + " x " + std::to_string(k);
      EXPECT_EQ(c.blockM == 224, split != 0) << what;
      if (split) {
        EXPECT_EQ(c.splitK, split) << what;
      }
    }
  GemmProblem a100 = h200Layer(8192, 8192, true);
  a100.chip = *target::lookupChip("a100");
  EXPECT_NE(entryFor(selectTiles(a100, 8), 200).blockM, 224);
}

// 65..96 rows on sm_90a: one 96-row tile (wgmma n96) per weight tile,
// where the 128-row tiles compute 128 rows (bench/NOTES.md section 73:
// 6-15 % faster than wA at 8192^2, 4096^2 and 11008 x 4096), with the
// split the 128 x 128 tile would take at these shapes; 97 rows on take
// another kernel. Over 256 columns, unsplit, where the 128-column tiles
// would take two waves and the 256-column ones one (28672 x 4096: 224
// against 112 tiles; section 129). 65..80 rows run the same tile with 80
// rows (wgmma n80; section 136), 81..96 the 96-row one.
TEST(GemmPlan, LowRowsOnOneTileOf96Rows) {
  struct Case {
    int64_t n, k, split;
    bool cluster;
    int64_t columns = 128;
  };
  forEachH200Table(std::vector<Case>{{4096, 4096, 4, false},
                                      {8192, 8192, 2, true},
                                      {11008, 4096, 1, false},
                                      {4096, 11008, 4, false},
                                      {28672, 4096, 1, false, 256},
                                      {18944, 3584, 1, false, 256}},
                   [](const Case &x, unsigned bits,
                      const std::vector<TileConfig> &t) {
      for (int64_t m : {80, 96}) {
        const TileConfig c = entryFor(t, m);
        EXPECT_TRUE(c.wgmma);
        EXPECT_EQ(c.blockM, m) << x.n << " x " << x.k << " bits " << bits;
        EXPECT_EQ(c.blockN, x.columns)
            << x.n << " x " << x.k << " bits " << bits;
        EXPECT_EQ(c.splitK, x.split) << x.n << " x " << x.k << " bits " << bits;
        EXPECT_EQ(c.clusterSplit, x.cluster) << x.n << " x " << x.k;
        EXPECT_EQ(c.mMin, m - 15);
        EXPECT_EQ(c.mMax, m);
        // Workspace splits of both share their reduction (40 and 48 KB of
        // sums a split).
        EXPECT_EQ(sharesSplitReduction(c), x.split > 1 && !x.cluster);
      }
      EXPECT_NE(entryFor(t, 97).blockM, 96);
    });
  // No warpgroup MMA on the A100: its 128-row mma.sync kernel from 65 rows
  // (one kernel for 65+ there).
  GemmProblem a100 = w4a16("a100");
  a100.n = a100.k = 8192;
  const TileConfig c = entryFor(selectTiles(a100, 4), 80);
  EXPECT_EQ(c.blockM, 128);
  EXPECT_EQ(c.mMin, 65);
  EXPECT_NE(c.mMax, 96);
}

// 65..192 rows of 4-bit channel codes where the 128-column tiles outnumber
// the SMs: one M tile of two warpgroups per 128 columns at two CTAs per SM,
// unsplit, 4 stages at 96 and 128 rows, 3 at 160 and 192 (bench/NOTES.md
// section 131). Not where the column tiles fit the SMs one each, nor for 8-bit
// codes or group scales, nor from 193 rows.
TEST(GemmPlan, TwoCtaTilesWhereColumnTilesOutnumberTheSms) {
  auto twoCtas = [](const TileConfig &c) {
    return c.wgmma && c.ctasPerSm == 2 && c.blockN == 128 && c.splitK == 1 &&
           !c.clusterSplit && !c.streamK;
  };
  struct Row {
    int64_t m, blockM, stages;
  };
  const Row rows[] = {{80, 80, 4},    {96, 96, 4},   {128, 128, 4},
                      {144, 144, 3}, {160, 160, 3}, {176, 176, 3},
                      {192, 192, 3}};
  for (auto [n, k] : std::vector<std::pair<int64_t, int64_t>>{
           {28672, 4096}, {22016, 4096}, {18944, 3584}, {57344, 8192}}) {
    const std::vector<TileConfig> t = h200Table(n, k, 4, true);
    for (const Row &r : rows) {
      const TileConfig c = entryFor(t, r.m);
      EXPECT_TRUE(twoCtas(c)) << n << " x " << k << " M " << r.m;
      EXPECT_EQ(c.blockM, r.blockM) << n << " x " << k;
      EXPECT_EQ(c.stages, r.stages) << n << " x " << k;
      EXPECT_EQ(c.warpsN, 2);
      EXPECT_EQ(c.warpCols(), 64);
    }
    EXPECT_FALSE(twoCtas(entryFor(t, 256))) << n << " x " << k;
    // 8-bit codes and groups keep their tiles.
    for (int64_t m : {80, 128, 160}) {
      EXPECT_FALSE(twoCtas(entryFor(h200Table(n, k, 8, true), m))) << n;
      EXPECT_FALSE(twoCtas(entryFor(h200Table(n, k, 4, false), m))) << n;
    }
  }
  // 37888 x 3584: 296 column tiles of 128 at 97..128 (in 1.12 waves of two
  // a SM); at 65..96 the 1-CTA 96-row tile's three waves price lower.
  const std::vector<TileConfig> t37888 = h200Table(37888, 3584, 4, true);
  EXPECT_TRUE(twoCtas(entryFor(t37888, 128)));
  EXPECT_FALSE(twoCtas(entryFor(t37888, 80)));
  // Column tiles that fit the SMs one each (86 at 11008, 112 at 14336, 64
  // at 8192): no two-CTA tile.
  for (int64_t n : {11008, 14336, 8192})
    for (int64_t m : {80, 128, 160})
      EXPECT_FALSE(twoCtas(entryFor(h200Table(n, n == 8192 ? 8192 : 4096, 4,
                                          true), m)))
          << n << " M " << m;
}

// 65..96 rows of 4-bit channel codes where 67..88 column tiles of 128
// leave SMs idle unsplit: the 96-row tile at two CTAs per SM in 3
// workspace splits, 4 stages, where a split streams 20+ k-blocks
// (bench/NOTES.md section 133). Not at 97..128, nor for 8-bit codes or
// groups, nor where the splits would be shorter (K of 2048 / 2560).
TEST(GemmPlan, TwoCtasInThreeSplitsWhereUnsplitTilesLeaveSmsIdle) {
  auto splitTwoCtas = [](const TileConfig &c) {
    return c.wgmma && c.ctasPerSm == 2 && c.splitK == 3 && !c.clusterSplit &&
           !c.streamK;
  };
  for (int64_t n : {11008, 9216}) {
    const std::vector<TileConfig> t = h200Table(n, 4096, 4, true);
    for (int64_t m : {80, 96}) {
      const TileConfig c = entryFor(t, m);
      EXPECT_TRUE(splitTwoCtas(c)) << n;
      EXPECT_EQ(c.blockM, m) << n;
      EXPECT_EQ(c.blockN, 128) << n;
      EXPECT_EQ(c.stages, 4) << n;
      EXPECT_EQ(c.mMin, m - 15);
      EXPECT_EQ(c.mMax, m);
      EXPECT_TRUE(sharesSplitReduction(c));
      EXPECT_LE(workUnits(c, h200Layer(n, 4096, true), m), 2 * 132);
    }
    EXPECT_FALSE(splitTwoCtas(entryFor(t, 128))) << n;
    EXPECT_FALSE(splitTwoCtas(entryFor(h200Table(n, 4096, 8, true), 80))) << n;
    EXPECT_FALSE(splitTwoCtas(entryFor(h200Table(n, 4096, 4, false), 80))) << n;
  }
  EXPECT_FALSE(splitTwoCtas(entryFor(h200Table(9728, 2560, 4, true), 80)));
  EXPECT_FALSE(splitTwoCtas(entryFor(h200Table(10240, 2048, 4, true), 80)));
  // 64 column tiles at 8192^2: the cluster pair stays.
  EXPECT_FALSE(splitTwoCtas(entryFor(h200Table(8192, 8192, 4, true), 80)));
}

TEST(GemmPlan, ClusterSplitOfTheWarpgroupTile) {
  const target::ChipDesc h200 = *target::lookupChip("h200");
  TileConfig c;
  c.blockM = 128, c.blockN = 256; // 128 KB of sums a split
  c.splitK = 8; // 16 tiles x 8 splits fill 128 of 132 slots
  EXPECT_EQ(clusterSplitFor(c, 16, 64, h200, 0.8), 6);  // 11 + 14 < 0.9 x 28.8
  EXPECT_EQ(clusterSplitFor(c, 16, 172, h200, 0.8), 0); // 29 + 14 > 22 + 20.8
  c.splitK = 4; // 32 tiles: clusters of 4 do not fit (30 at once)
  EXPECT_EQ(clusterSplitFor(c, 32, 128, h200, 0.8), 0); // 3: 43 + 8 > 32 + 14.4
  EXPECT_EQ(clusterSplitFor(c, 32, 64, h200, 0.8), 0);  // 3: 22 + 8 ~ 16 + 14.4
  c.splitK = 3; // 43 tiles: no cluster of 3+ fits; a pair costs more
  EXPECT_EQ(clusterSplitFor(c, 43, 64, h200, 0.8), 0);
  c.splitK = 2, c.clusterSplit = true; // already a pair: kept
  EXPECT_EQ(clusterSplitFor(c, 64, 128, h200, 0.8), 0);
  // A short K: no split below 4 k-blocks; the cheapest cluster first.
  c.splitK = 4, c.clusterSplit = false;
  EXPECT_EQ(clusterSplitFor(c, 16, 16, h200, 0.8), 2); // 8 + 6 < 0.9 x 18.4
  // Chips whose cluster capacity was not measured keep their split.
  const target::ChipDesc b200 = *target::lookupChip("b200");
  EXPECT_EQ(clusterCapacity(b200, 2), 0);
  EXPECT_EQ(clusterSplitFor(c, 16, 64, b200, 0.8), 0);
  EXPECT_EQ(clusterCapacity(h200, 5), 0);
  EXPECT_EQ(clusterCapacity(h200, 4), 30);
}

// Which workspace splits share their tile's reduction (GemmUnitEnd.cpp):
// wgmma tiles of 2..8 static splits with 48 KB or more of sums a split.
TEST(GemmPlan, SharedSplitReduction) {
  TileConfig c;
  c.wgmma = true, c.blockM = 96, c.blockN = 128, c.splitK = 4; // 48 KB
  EXPECT_TRUE(sharesSplitReduction(c));
  c.blockM = 128, c.blockN = 256, c.splitK = 3;
  EXPECT_TRUE(sharesSplitReduction(c));
  c.splitK = 8;
  EXPECT_TRUE(sharesSplitReduction(c));
  c.splitK = 9; // past the arrival word's share bits
  EXPECT_FALSE(sharesSplitReduction(c));
  c.splitK = 1; // nothing to reduce
  EXPECT_FALSE(sharesSplitReduction(c));
  c.splitK = 2, c.clusterSplit = true; // reduced through the cluster
  EXPECT_FALSE(sharesSplitReduction(c));
  c.clusterSplit = false, c.splitK = 1, c.streamK = true; // segments at run time
  EXPECT_FALSE(sharesSplitReduction(c));
  c.streamK = false, c.splitK = 4;
  c.blockM = 80, c.blockN = 128; // 40 KB: 0.3-0.7 us faster shared
  EXPECT_TRUE(sharesSplitReduction(c));
  c.blockM = 64, c.blockN = 128; // 32 KB: the round trips cost what it saves
  EXPECT_FALSE(sharesSplitReduction(c));
  c.blockM = 128, c.wgmma = false; // mma.sync partials are row-major runs
  EXPECT_FALSE(sharesSplitReduction(c));
}

// The lane-queue blocks beyond the shapes they were first measured on, and
// 3 K splits of the 12-stage 32-row wgmma tile for 4-bit g128 (session az,
// on an H100; lib/Kernel/TileCandidates.cpp): 1..8 rows the 64-column
// blocks of 2 x 8 warps at one CTA per SM, split to fill the SMs in one
// wave, units of 24-148 k-blocks; 9..16 rows the 2-CTA
// 32-column blocks unsplit at 64+ k-blocks, in one wave for channel scales
// and up to two for groups of 128+, and where the fill rule would split
// them at 112+ (session ba, on the H200). 4-bit codes on sm_90 only.
TEST(GemmPlan, QueuedBlocksBeyondTheShapesTheyWereMeasuredOn) {
  GemmProblem p = w4a16();
  for (auto scale : {format::ScaleGranularity::Channel,
                     format::ScaleGranularity::Group}) {
    p.weight.scale = scale;
    p.n = p.k = 5120; // 80 blocks of 64 unsplit; 160 of 32 at 2 per SM
    auto t = selectTiles(p, 4);
    EXPECT_EQ(entryText(t, 1), "1-8:8x64x64:1x2x8:s3:k1:rq");
    EXPECT_EQ(entryText(t, 16), "9-16:16x32x64:1x1x8:s3:k1:c2:rq");
    p.n = 2048, p.k = 7168; // 32 blocks x 4 splits of 28 k-blocks
    t = selectTiles(p, 4);
    EXPECT_EQ(entryText(t, 1), "1-8:8x64x64:1x2x8:s3:k4:rq");
    // 9..16 rows: 64 blocks of 32 unsplit, where the fill rule would split
    // them 4 ways (112 k-blocks a unit).
    EXPECT_EQ(entryText(t, 16), "9-16:16x32x64:1x1x8:s3:k1:c2:rq");
    // 3584 x 18944: 2 splits of 148 k-blocks at 1..8 rows; 112 blocks
    // unsplit at 9..16.
    p.n = 3584, p.k = 18944;
    t = selectTiles(p, 4);
    EXPECT_EQ(entryText(t, 1), "1-8:8x64x64:1x2x8:s3:k2:rq");
    EXPECT_EQ(entryText(t, 16), "9-16:16x32x64:1x1x8:s3:k1:c2:rq");
    // Not where the blocks fill less than 1/5 of the slots (1024: 32
    // blocks) or a unit is shorter than 112 k-blocks (K = 4096).
    p.n = 1024;
    EXPECT_FALSE(entryFor(selectTiles(p, 4), 16).laneQueue);
    p.n = 2048, p.k = 4096;
    EXPECT_FALSE(entryFor(selectTiles(p, 4), 16).laneQueue);
    // Not 8-bit codes, nor before sm_90.
    p.n = p.k = 5120;
    EXPECT_FALSE(entryFor(selectTiles(p, 8), 1).laneQueue);
    EXPECT_FALSE(entryFor(selectTiles(p, 8), 16).laneQueue);
    GemmProblem a = p;
    a.chip = *target::lookupChip("a100");
    EXPECT_FALSE(entryFor(selectTiles(a, 4), 1).laneQueue);
    EXPECT_FALSE(entryFor(selectTiles(a, 4), 16).laneQueue);
  }
  // 9..16 rows at 14336 x 4096 (448 blocks, two waves): g128, not channel
  // (its staged 2-CTA tile unmeasured against them) nor g64; 28672 x 4096
  // g128 (four waves) keeps its 128-column tile.
  p.n = 14336, p.k = 4096;
  EXPECT_TRUE(entryFor(selectTiles(p, 4), 16).laneQueue);
  p.weight.groupSize = 64;
  EXPECT_FALSE(entryFor(selectTiles(p, 4), 16).laneQueue);
  p.n = 2048, p.k = 7168; // (nor g64 where the blocks would split)
  EXPECT_FALSE(entryFor(selectTiles(p, 4), 16).laneQueue);
  p.k = 4096;
  p.weight.groupSize = 128;
  p.n = 28672;
  EXPECT_FALSE(entryFor(selectTiles(p, 4), 16).laneQueue);
  p.weight.scale = format::ScaleGranularity::Channel;
  p.n = 14336;
  EXPECT_FALSE(entryFor(selectTiles(p, 4), 16).laneQueue);
  // 17..32 rows, 4-bit g128 where 3 splits fill the SMs (40 tiles of 128):
  // 2 warpgroups of 64 columns, 12 stages; channel layers keep their
  // 16-stage tile, 8-bit g128 codes their mma.sync one.
  p = w4a16();
  p.n = p.k = 5120;
  EXPECT_EQ(entryText(selectTiles(p, 4), 32),
            "17-32:32x128x64:1x2x1:s12:k3:wg");
  EXPECT_FALSE(entryFor(selectTiles(p, 8), 32).wgmma);
  p.weight.scale = format::ScaleGranularity::Channel;
  EXPECT_EQ(entryText(selectTiles(p, 4), 32),
            "17-32:32x128x64:1x2x1:s16:k3:wg");
}

// Wide layers (N of 16.9k-50.7k) whose tiles at 1-2 CTAs per SM leave some
// SMs two tiles and most one, or take 1.12 waves: 3 and 5 CTAs per SM in
// one wave (bench/NOTES.md section 115, on an H100).
TEST(GemmPlan, WideLayersOnThreeOrFiveCtasPerSmInOneWave) {
  GemmProblem p = w4a16();
  p.weight.scale = format::ScaleGranularity::Channel;
  auto table = [&](int64_t n, int64_t k, const char *chip = "h200",
                   unsigned bits = 4) {
    GemmProblem q = p;
    q.n = n, q.k = k;
    q.chip = *target::lookupChip(chip);
    return selectTiles(q, bits);
  };
  // 18944 x 3584 and 22016 x 4096, 1..16 rows: the staged 64-column tile
  // at 3 CTAs per SM (296 and 344 tiles on 396 slots).
  for (auto [n, k] : {std::pair<int64_t, int64_t>{18944, 3584}, {22016, 4096}}) {
    auto t = table(n, k);
    EXPECT_EQ(entryText(t, 1), "1-8:8x64x64:1x2x4:s16:k1:c3:sw");
    EXPECT_EQ(entryText(t, 16), "9-16:16x64x64:1x2x4:s16:k1:c3");
  }
  // 37888 x 3584: 128-column half tiles at 3 CTAs per SM at 1..16 rows (296
  // tiles), one warpgroup of 64 columns at 5 at 17..64 (592 tiles on 660
  // slots; 4 stages of 64 rows).
  auto t = table(37888, 3584);
  EXPECT_EQ(entryText(t, 1), "1-8:8x128x64:1x4x1:s8:k1:c3:sw");
  EXPECT_EQ(entryText(t, 16), "9-16:16x128x64:1x4x1:s8:k1:c3");
  EXPECT_EQ(entryText(t, 32), "17-32:32x64x64:1x1x1:s6:k1:c5:wg");
  EXPECT_EQ(entryText(t, 64), "49-64:64x64x64:1x1x1:s4:k1:c5:wg");
  // (33..48 on a 48-row copy of it: section 139.)
  EXPECT_EQ(entryText(t, 48), "33-48:48x64x64:1x1x1:s4:k1:c5:wg");
  // 13824 x 5120 at 1..8 rows: the 2-CTA staged tile at 216 of 264 slots
  // (4/5), not 2 K splits of 16 x 256.
  EXPECT_EQ(entryText(table(13824, 5120), 1), "1-8:8x64x64:1x2x4:s16:k1:c2:sw");
  // Not where 2 CTAs per SM take the tiles in one wave (28672 x 4096: 224
  // tiles of 128, 448 of 64), nor 3 CTAs per SM for group scales at
  // 18944 x 3584 or 5 for g128 at 17..32 (below), nor 8-bit channel codes
  // on the 5-CTA warpgroup tile, nor before sm_90 (unmeasured).
  t = table(28672, 4096);
  for (int64_t m : {1, 16, 32, 64})
    EXPECT_EQ(entryFor(t, m).ctasPerSm, 2) << m;
  p.weight.scale = format::ScaleGranularity::Group;
  EXPECT_NE(entryFor(table(18944, 3584), 16).ctasPerSm, 3);
  EXPECT_NE(entryFor(table(37888, 3584), 32).ctasPerSm, 5);
  // Groups of 64+ up to 16 rows: the 4-warp 64-column tile at 5 CTAs per
  // SM, as for 8-bit channel codes (below); not g32 (unmeasured). Groups
  // of 128+ at 17..32: one warpgroup of 128 columns at 3 CTAs per SM (296
  // of 396 slots); g64 there one warpgroup of 64 columns at 5 (592 of
  // 660); both at 33..64 on that, with the scales in the B fragment (the
  // group sums would spill at 96 registers).
  for (auto [group, at32] :
       {std::pair<int64_t, const char *>{128,
                                         "17-32:32x128x64:1x1x1:s6:k1:c3:wg"},
        {64, "17-32:32x64x64:1x1x1:s5:k1:c5:wg"}}) {
    p.weight.groupSize = group;
    auto tg = table(37888, 3584);
    EXPECT_EQ(entryText(tg, 16), "9-16:16x64x64:1x2x2:s8:k1:c5") << group;
    EXPECT_EQ(entryText(tg, 32), at32) << group;
    EXPECT_EQ(entryText(tg, 64), "49-64:64x64x64:1x1x1:s3:k1:c5:wg:bf")
        << group;
  }
  p.weight.groupSize = 32;
  EXPECT_NE(entryFor(table(37888, 3584), 16).ctasPerSm, 5);
  p.weight.groupSize = 128;
  // 8-bit groups of 128+ as 8-bit channel codes (below) up to 32 rows, and
  // at 33..64 one warpgroup of 64 columns at 5 CTAs per SM (3 stages fit),
  // its scales in the B fragment.
  auto t8 = table(37888, 3584, "h200", 8);
  EXPECT_EQ(entryText(t8, 16), "9-16:16x64x64:1x2x2:s6:k1:c5");
  EXPECT_EQ(entryText(t8, 32), "17-32:32x128x64:1x1x1:s5:k1:c3:wg");
  EXPECT_EQ(entryText(t8, 64), "49-64:64x64x64:1x1x1:s3:k1:c5:wg:bf");
  p.weight.scale = format::ScaleGranularity::Channel;
  t8 = table(37888, 3584, "h200", 8);
  EXPECT_LT(entryFor(t8, 32).ctasPerSm, 5);
  // 8-bit channel codes up to 16 rows: 64-column tiles of 4 warps at 5 CTAs
  // per SM (592 of 660 slots; 6 stages fit).
  EXPECT_EQ(entryText(t8, 1), "1-8:8x64x64:1x2x2:s6:k1:c5:sw");
  EXPECT_EQ(entryText(t8, 16), "9-16:16x64x64:1x2x2:s6:k1:c5");
  // and at 17..64 one warpgroup of 128 columns at 3 (296 of 396 slots).
  EXPECT_EQ(entryText(t8, 32), "17-32:32x128x64:1x1x1:s6:k1:c3:wg");
  EXPECT_EQ(entryText(t8, 64), "49-64:64x128x64:1x1x1:s4:k1:c3:wg");
  EXPECT_NE(entryFor(table(18944, 3584, "a100"), 16).ctasPerSm, 3);
  // 4-bit channel codes at 17..32 rows where 128-column tiles need more
  // than 3 CTAs per SM and fit 4 in one wave: one warpgroup of 128 columns
  // at 4 (57344 x 8192: 448 tiles on 528 slots; 6 stages fit). Not at 396
  // tiles (3 CTAs per SM hold them) nor past 528, nor at 33..64 rows
  // (measured equal), nor for group scales (unmeasured).
  for (int64_t n : {57344, 59136, 50816, 67584})
    EXPECT_EQ(entryText(table(n, 8192), 32),
              "17-32:32x128x64:1x1x1:s6:k1:c4:wg") << n;
  for (int64_t n : {50688, 67712})
    EXPECT_NE(entryFor(table(n, 8192), 32).ctasPerSm, 4) << n;
  EXPECT_NE(entryFor(table(57344, 8192), 64).ctasPerSm, 4);
  p.weight.scale = format::ScaleGranularity::Group;
  EXPECT_NE(entryFor(table(57344, 8192), 32).ctasPerSm, 4);
}

// N an odd multiple of 64: no tile of 128+ columns divides it. Where
// nothing else applies, 64-column tiles of 4 warps at 5 CTAs per SM (many
// tiles) or split 2-CTA tiles (fewer tiles than SMs) up to 16 rows, and the
// 3-CTA warpgroup tile in fewer K splits at 17..64, never the last shape's
// 2 warps a tile at one CTA per SM; tiny layers keep that.
TEST(GemmPlan, OddMultiplesOf64TakeFullSmsNotTwoWarpTiles) {
  GemmProblem p = w4a16();
  auto table = [&](int64_t n, int64_t k, format::ScaleGranularity scale,
                   int64_t group = 0, unsigned bits = 4) {
    GemmProblem q = p;
    q.n = n, q.k = k;
    q.weight.scale = scale;
    if (group)
      q.weight.groupSize = group;
    q.chip = *target::lookupChip("h200");
    return selectTiles(q, bits);
  };
  const auto channel = format::ScaleGranularity::Channel;
  const auto group = format::ScaleGranularity::Group;
  // 37900 x 4096: 593 tiles of 64 columns.
  auto t = table(37900, 4096, channel);
  EXPECT_EQ(entryText(t, 1), "1-8:8x64x64:1x2x2:s8:k1:c5:sw");
  EXPECT_EQ(entryText(t, 16), "9-16:16x64x64:1x2x2:s8:k1:c5");
  EXPECT_EQ(entryText(t, 32), "17-32:32x64x64:1x1x1:s6:k1:c5:wg");
  // g128 there: the 5-CTA warpgroup tile, as for 4-bit groups on wide
  // layers (at 33..64 with the scales in the B fragment).
  t = table(37900, 4096, group, 128);
  EXPECT_EQ(entryText(t, 16), "9-16:16x64x64:1x2x2:s8:k1:c5");
  EXPECT_EQ(entryText(t, 32), "17-32:32x64x64:1x1x1:s5:k1:c5:wg");
  EXPECT_EQ(entryText(t, 64), "49-64:64x64x64:1x1x1:s3:k1:c5:wg:bf");
  // Falcon-7B's 4544 x 4544 (71 tiles of 71 k-blocks): 3 splits of 24
  // k-blocks, not the fill rule's 5 of 15.
  t = table(4544, 4544, channel);
  EXPECT_EQ(entryText(t, 32), "17-32:32x64x64:1x1x1:s6:k3:c3:wg");
  EXPECT_EQ(entryText(t, 64), "49-64:64x64x64:1x1x1:s6:k3:c3:wg");
  // 4544 x 18176 g64 up to 16 rows: 3 splits of the 2-CTA tile (213 of 264
  // slots).
  EXPECT_EQ(entryText(table(4544, 18176, group, 64), 1),
            "1-8:8x64x64:1x2x2:s16:k3:c2:sw");
  // No 2-warp tile at one CTA per SM up to 64 rows on these layers.
  auto twoWarpsAlone = [](const TileConfig &c) {
    return !c.wgmma && c.warpsM * c.warpsN * c.warpsK == 2 &&
           c.ctasPerSm == 1;
  };
  for (auto [n, k, bits] : {std::tuple<int64_t, int64_t, unsigned>{
                                4544, 4544, 4},
                            {4544, 4544, 8}, {29120, 4096, 4},
                            {45120, 4096, 8}})
    for (const TileConfig &c : table(n, k, channel, 0, bits))
      if (c.mMax && c.mMax <= 64) {
        EXPECT_FALSE(twoWarpsAlone(c)) << n << " " << formatDispatch({c});
      }
  // A tiny layer (15 tiles at N = 960) keeps the split 2-warp tiles.
  EXPECT_EQ(entryText(table(960, 4096, channel), 1),
            "1-8:8x64x64:1x1x2:s8:k8:sw");
}
