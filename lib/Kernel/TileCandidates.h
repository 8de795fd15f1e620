//===- TileCandidates.h - The planner's candidate tiles per M range -*- C++ -*-===//
//
// The vocabulary of the planner's measured rules: a candidate tile of an M
// range (Shape) with the conditions under which it is taken, and the
// candidates of each M range in the order they are tried (Range).
// TileCandidates.cpp holds the rules themselves, with the measurements behind
// each; selectTiles (GemmPlan.cpp) sizes each candidate for a problem and
// takes the first that applies. Internal to HummingKernelPlan.
//
//===----------------------------------------------------------------------===//
#ifndef HUMMING_LIB_KERNEL_TILECANDIDATES_H
#define HUMMING_LIB_KERNEL_TILECANDIDATES_H

#include "humming/Kernel/GemmPlan.h"

#include <cstdint>
#include <vector>

namespace humming::kernel::planner {

// One candidate tile of an M range and the conditions under which it is
// taken; the geometry in the constructor, each condition by name.
struct Shape {
  int64_t blockM, maxN, warpsM, warpsK, stages;
  /// Columns per warp: 32 for half weight tiles (even widths only); per
  /// warpgroup for wgmma (whole weight tiles).
  int64_t warpCols = kTileN;
  int64_t minSplit = 1, maxSplit = 0; ///< the K split it needs (0: any)
  bool wgmma = false;
  int64_t ctasPerSm = 1;
  /// K-blocks per loop iteration (TileConfig::iterationKBlocks; 0: the
  /// rule by stage count), kept only while the stages it was measured
  /// with fit (and, where measured on cluster pairs alone, only as a pair).
  int64_t iterationKBlocks = 0;
  bool iterationKBlocksOnPairsOnly = false;
  unsigned minBits = 1, maxBits = 8; ///< the code widths it takes
  /// Whether group scales must (or must not) go on fp32 sums
  /// (groupScaleBlocks > 0) for the shape to be taken. Without: at 2 CTAs
  /// of 256 threads per SM a thread has 128 registers, and the sums
  /// spill. With: the 16-stage wgmma shapes that hold a set of sums per
  /// group of an iteration.
  enum class GroupSums { Any, Without, With } groupSums = GroupSums::Any;
  /// Taken only where the units fit the CTA slots in at most this many
  /// waves (0: any; inOneWave: 1).
  int64_t maxWaves = 0;
  /// Taken only without group scales (the deep pipelines measured with
  /// channel scales: g128 on the narrow M <= 16 tiles measured slower,
  /// section 22; group layers have 16-stage wgmma shapes of their own), or
  /// only with them.
  enum class GroupScales { Any, Without, Only } groupScales =
      GroupScales::Any;
  /// Taken only where a unit (a K split) holds at least this many
  /// k-blocks: a deep pipeline's prologue is most of a short unit.
  int64_t minUnitBlocks = 0;
  /// With group scales, taken only where a unit holds at most this many
  /// k-blocks (0: any).
  int64_t maxGroupUnitBlocks = 0;
  /// Taken only where a unit holds at most this many k-blocks (0: any).
  int64_t maxUnitBlocks = 0;
  /// Taken only where no group scale is applied in the decode: channel
  /// scales, or group scales on fp32 sums (the one-warpgroup 3-CTA
  /// shapes were measured with those; g64 and g32 keep theirs in the
  /// decode or the B fragment).
  bool noDecodeScales = false;
  /// Where it splits K in two, the two splits of a tile are one cluster
  /// (TileConfig::clusterSplit; sections 30 and 32). Pairs only: on the
  /// H200 a cluster launch of 3+ CTAs cannot cover every SM (its GPCs
  /// hold 30 clusters of 4 at one CTA per SM, 120 of 132 SMs) or doubles
  /// CTAs up on some SMs where the shared memory lets it, and the small-M
  /// kernels are bound per SM; pairs fill all 132.
  bool clusterPairs = false;
  /// Taken only where the units would not fit this many CTAs per SM in
  /// one wave (where they fit one, the one-CTA shapes measured faster;
  /// where they fit two, the 2-CTA shapes).
  int64_t beyondCtas = 0;
  /// Taken only where the units fill at least this fraction of the CTA
  /// slots (the unsplit 2-CTA 64-column tile, measured only there).
  int64_t fillNum = 0, fillDen = 1;

  Shape(int64_t blockM, int64_t maxN, int64_t warpsM, int64_t warpsK,
        int64_t stages)
      : blockM(blockM), maxN(maxN), warpsM(warpsM), warpsK(warpsK),
        stages(stages) {}
  Shape &cols(int64_t c) { return warpCols = c, *this; }
  Shape &halfTiles() { return cols(32); }
  Shape &splits(int64_t lo, int64_t hi) {
    return minSplit = lo, maxSplit = hi, *this;
  }
  Shape &warpgroups() { return wgmma = true, *this; }
  Shape &ctas(int64_t n) { return ctasPerSm = n, *this; }
  Shape &codeBits(unsigned lo, unsigned hi) {
    return minBits = lo, maxBits = hi, *this;
  }
  Shape &noGroupSums() { return groupSums = GroupSums::Without, *this; }
  Shape &inOneWave() { return maxWaves = 1, *this; }
  Shape &noGroupScales() {
    return groupScales = GroupScales::Without, *this;
  }
  Shape &onlyGroupScales() { return groupScales = GroupScales::Only, *this; }
  Shape &onGroupSums() { return groupSums = GroupSums::With, *this; }
  Shape &kBlocksEachIteration(int64_t n) {
    return iterationKBlocks = n, *this;
  }
  /// The same, measured on cluster pairs only: where the shape's splits go
  /// through the workspace (or it is unsplit) the rule by stage count.
  Shape &kBlocksEachIterationOnPairs(int64_t n) {
    iterationKBlocksOnPairsOnly = true;
    return kBlocksEachIteration(n);
  }
  Shape &inStages(int64_t n) { return stages = n, *this; }
  Shape &unitBlocks(int64_t n) { return minUnitBlocks = n, *this; }
  Shape &unitBlocksAtMost(int64_t n) { return maxUnitBlocks = n, *this; }
  /// Taken only where a unit holds exactly n k-blocks (measured there
  /// alone).
  Shape &unitBlocksExactly(int64_t n) {
    return unitBlocks(n).unitBlocksAtMost(n);
  }
  Shape &groupUnitBlocksAtMost(int64_t n) {
    return maxGroupUnitBlocks = n, *this;
  }
  Shape &scalesOffTheDecode() { return noDecodeScales = true, *this; }
  Shape &pairsAsClusters() { return clusterPairs = true, *this; }
  /// Where a K split of 2-8 as one cluster fits the chip's clusters and
  /// costs less than the workspace split (clusterSplitFor).
  bool clusterSplits = false;
  Shape &splitsAsClusters() {
    return clusterPairs = clusterSplits = true, *this;
  }
  /// A unit's time per k-block, measured on the H200 (us; 4-bit channel
  /// codes). Shapes that have one compete by estimateMicros (below).
  double kBlockMicros = 0;
  Shape &kBlockTime(double us) { return kBlockMicros = us, *this; }
  /// The register-stream loop (TileConfig::registerStream, a swapped
  /// tile: 16 rows, or its 8-row copy where the range is taken swapped):
  /// warpsK warps take whole k-blocks in turn, `stages` k-blocks ahead
  /// each.
  bool registerStream = false;
  Shape &streamingRegisters() { return registerStream = true, *this; }
  /// The register-stream loop through lane queues in shared memory
  /// (TileConfig::laneQueue): `stages` rounds in flight at one round of
  /// registers.
  bool laneQueue = false;
  Shape &queued() { return registerStream = laneQueue = true, *this; }
  /// With group scales, taken only for groups of at least this size.
  int64_t minGroupSize = 0;
  Shape &groupsOfAtLeast(int64_t n) { return minGroupSize = n, *this; }
  /// With group scales, taken only for groups of at most this size (0: no
  /// bound).
  int64_t maxGroupSize = 0;
  Shape &groupsOfAtMost(int64_t n) { return maxGroupSize = n, *this; }
  Shape &beyond(int64_t ctas) { return beyondCtas = ctas, *this; }
  Shape &filling(int64_t num, int64_t den) {
    return fillNum = num, fillDen = den, *this;
  }
  Shape &wavesAtMost(int64_t n) { return maxWaves = n, *this; }
  /// Taken only where the layer's column tiles fit one wave of CTAs, so
  /// that (units going N tile first) the CTAs of a wave share weight tiles
  /// across M tiles; where they do not, every CTA streams weights of its
  /// own from memory, as at small M.
  bool columnsInOneWave = false;
  Shape &columnTilesInAWave() { return columnsInOneWave = true, *this; }
  /// Taken only where the planner's fill rule would split K (the units
  /// fill at most half the CTA slots), and then unsplit: a rule measured
  /// faster with slots left empty than with the split.
  bool keepUnsplit = false;
  Shape &unsplitInsteadOfSplit() { return keepUnsplit = true, *this; }
  /// Taken only on chips of this arch (sm_XY as XY; 0: any): a rule
  /// measured on one generation alone.
  int64_t onlyArch = 0;
  Shape &onArch(int64_t version) { return onlyArch = version, *this; }
  /// Where the fill rule's K split is above maxSplit, or makes units
  /// shorter than minUnitBlocks, split fewer ways instead of not applying.
  bool capSplit = false;
  Shape &splitCapped() { return capSplit = true, *this; }
  /// Taken only where tiles twice as wide do not divide the padded N (for
  /// 64-column tiles: N an odd multiple of 64), where every wider shape of
  /// a range is out and the last shape would keep their warps and CTAs on
  /// a quarter of the columns.
  bool narrowOnly = false;
  Shape &whereWiderTilesDoNotDivide() { return narrowOnly = true, *this; }
  /// Group scales in the decoded B fragment, not on per-group fp32 sums
  /// (TileConfig::fragmentScales): for tiles whose registers cannot also
  /// hold the sums at their CTAs per SM. Implies onlyGroupScales: a
  /// channel layer has no group scales to place (no `:bf`).
  bool fragmentScales = false;
  Shape &scalesInFragment() {
    fragmentScales = true;
    return onlyGroupScales();
  }
};
struct Range {
  int64_t mMin, mMax;
  /// Tried in order: the first that applies is taken, else the last (of
  /// the shapes with a k-block time, the least estimate; see selectTiles).
  std::vector<Shape> shapes;
  /// Up to 8 rows: a 16-row mma.sync tile becomes its swapped copy
  /// (TileConfig::swapAB), the same tile with the decoded weights as the
  /// MMA's m16 A operand and the 8 rows as its n8 B: half the MMAs and
  /// an ldmatrix.x2 instead of .x4 (section 39: 0.1-1.1 us faster on
  /// every shape and code width measured, M = 1..8).
  bool swapRows = false;
};

/// The candidates of every M range, lowest rows first. `wgmmaCodes`: the
/// chip has warpgroup MMA for the layer's codes (4- and 8-bit on sm_90a),
/// which gives 65+ rows warpgroup tiles and more ranges.
std::vector<Range> candidateRanges(bool wgmmaCodes);

} // namespace humming::kernel::planner

#endif // HUMMING_LIB_KERNEL_TILECANDIDATES_H
