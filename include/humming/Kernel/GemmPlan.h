//===- GemmPlan.h - The decisions that turn a GEMM request into kernels ---===//
//
// One plain-data description shared by the compiler passes and the runtime,
// with no MLIR dependency:
//   GemmProblem  what is asked (schemes, shapes, output type, target chip);
//   DecodePlan   how a weight code becomes an activation-typed value
//                (humming-decode-formats);
//   DequantPlan  where the zero point, scale and bias are applied
//                (humming-fuse-dequant);
//   TileConfig   one entry of the M-range dispatch table
//                (humming-select-pipeline).
// The passes compute these with the functions below and record them as
// attributes; the kernel builder and the runtime read them back, so every
// decision is made in one place and is visible in IR.
//
//===----------------------------------------------------------------------===//

#ifndef HUMMING_KERNEL_GEMMPLAN_H
#define HUMMING_KERNEL_GEMMPLAN_H

#include "humming/Format/Scheme.h"
#include "humming/Target/Arch.h"

#include <algorithm>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace humming::kernel {

struct GemmProblem {
  format::WeightScheme weight;
  format::ActivationScheme activation;
  format::NumericFormat output = format::NumericFormat::f16();
  int64_t n = 0, k = 0;
  bool bias = false;
  target::ChipDesc chip;
};

/// The largest N or K a layer may have, and the most 32-bit words its packed
/// weights may take: the kernels hold indices in 32 bits.
constexpr int64_t kMaxLayerExtent = int64_t(1) << 30;
constexpr int64_t kMaxWeightWords = (int64_t(1) << 31) - 1;

/// Every rule the mma.sync pipeline adds to the scheme and arch rules. Returns
/// nullopt when the problem can be compiled, else a one-line reason. Called
/// before any IR is generated.
std::optional<std::string> checkMmaSyncProblem(const GemmProblem &p);

enum class DecodeStrategy : uint8_t {
  /// intN/uintN to f16: OR the code into the mantissa of 1024.0 (0x6400) and
  /// subtract 1024 + zero, exact for codes < 1024.
  IntMagicF16,
  /// intN/uintN (N <= 7) to bf16: the same with 128.0 (0x4300).
  IntMagicBF16,
  /// 8-bit integers to bf16: magic number in f32 (0x4B000000), then an exact
  /// f32 -> bf16 conversion.
  IntViaF32,
  /// Small floats: move sign, exponent and mantissa into the activation
  /// type's bit positions and multiply by 2^(bias_act - bias_w) (subnormals
  /// included, exact because the activation type holds every value).
  FloatExponentOffset,
};
const char *toString(DecodeStrategy s);
std::optional<DecodeStrategy> parseDecodeStrategy(const std::string &s);

struct DecodePlan {
  DecodeStrategy strategy = DecodeStrategy::IntMagicF16;
  /// Bits per code in the kernel layout.
  unsigned bits = 4;
  /// intN codes are normalized to uintN by flipping the sign bit (the value
  /// then carries an implicit zero of 2^(N-1)); the repack applies it.
  bool flipSign = false;
  /// Compile-time value subtracted after the raw decode: the magic base plus
  /// the implicit zero (or just the magic base when a zero point tensor is
  /// applied separately).
  double constantSubtract = 0;
  /// Added to every integer zero point when the zero tensor is repacked, so
  /// the kernel subtracts a single value (magic base + sign offset).
  double zeroPointOffset = 0;
  /// FloatExponentOffset: the power of two the moved bits are multiplied by.
  int exponentOffset = 0;
};

/// Picks the decode strategy for (weight format, activation type).
std::optional<DecodePlan> planDecode(const GemmProblem &p,
                                     std::string *error = nullptr);

enum class Placement : uint8_t {
  None,           ///< absent
  DecodeConstant, ///< folded into the decode's constant subtract
  BFragment,      ///< applied to the decoded B fragment before the MMA
  Accumulator,    ///< applied to the fp32 accumulators after the K loop
  Epilogue,       ///< added / applied when the output is written
};
const char *toString(Placement p);
std::optional<Placement> parsePlacement(const std::string &s);

struct DequantPlan {
  Placement zeroPoint = Placement::None;
  Placement scale = Placement::None;
  Placement bias = Placement::None;
};

/// Channel scales go on the accumulators (exact, once per output), group
/// scales into the B fragment, symmetric zeros into the decode constant,
/// explicit zero points into the B fragment, bias into the epilogue.
DequantPlan planDequant(const GemmProblem &p, const DecodePlan &d);

/// One row of the dispatch table: the kernel serving M in [mMin, mMax].
struct TileConfig {
  int64_t mMin = 1, mMax = 0; ///< mMax 0 means unbounded
  int64_t blockM = 16, blockN = 256, blockK = 64;
  /// Warps along M, N and K. Warps along K each take blockK / warpsK of
  /// every stage and are summed through shared memory at the end of a unit
  /// (in warp order: deterministic); they add warps without adding CTAs.
  int64_t warpsM = 1, warpsN = 4, warpsK = 1;
  int64_t stages = 4;
  /// K is split across this many CTAs per output tile (striped); the last
  /// CTA to finish a tile reduces the partials in a fixed order.
  int64_t splitK = 1;
  /// Stream-K (instead of splitK): the k-blocks of all output tiles, tile
  /// after tile, are dealt out to the CTAs in equal contiguous ranges, so
  /// every SM gets the same work whatever the tile count; a tile covered by
  /// several CTAs is reduced like a split one (segments in CTA order). Only
  /// for bounded M ranges (the workspace grows with M).
  bool streamK = false;
  /// splitK > 1 only: the K splits of an output tile run as one thread-
  /// block cluster (sm_90+, at most 8 splits, every unit in one wave): each
  /// CTA leaves its sums in its shared memory, split 0 adds the others'
  /// through distributed shared memory in split order and runs the
  /// epilogue. No workspace, counters or global round trips.
  bool clusterSplit = false;
  int64_t ctasPerSm = 1;
  /// Warpgroup MMA (wgmma, sm_90a) instead of mma.sync. The weights are the
  /// MMA's A operand ("swap AB"): a warpgroup of 4 warps takes whole 64-column
  /// weight tiles, each one wgmma m64 x blockM x k16 per k16 step, its
  /// decoded codes in registers and the activation rows (the MMA's N, 8..256)
  /// from shared memory. warpsM and warpsK are 1; warpsN counts warpgroups.
  bool wgmma = false;
  /// wgmma only: warp-specialized (lib/Conversion/WgmmaPipeline.cpp): a
  /// producer warpgroup does every cp.async, the warpgroups of the warp grid
  /// only decode and issue MMAs, per-stage mbarriers between them instead of
  /// a CTA barrier per iteration. Measured slower than every thread copying
  /// on the H200 (bench/NOTES.md, section 20), so the planner does not take
  /// it; a dispatch table may (`:ws`).
  bool warpSpecialized = false;
  /// mma.sync only ("swap AB", `:sw`): the decoded weights are the MMA's A
  /// operand (m16: two n8-tiles' columns) and each 8 activation rows one B
  /// (n8), so an M tile of 8 rows takes half the MMAs of a 16-row one.
  /// blockM is 8 or 16 (one or two B operands per decoded A), warpsM 1; the
  /// accumulators hold the swapped D (rows 8 i + 2 t, + 1 of the lane's
  /// columns g and 8 + g of each pair of n8-tiles). The planner takes it for
  /// 1..8 rows (bench/NOTES.md, section 39), and at 16 rows as the
  /// register-stream loop (section 79).
  bool swapAB = false;
  /// Group scales in the decoded B fragment (one multiply per two weights)
  /// even where the kernel could put them on per-group fp32 sums
  /// (groupScaleBlocks), `:bf` in a dispatch table. The planner sets it
  /// only where a tile's registers cannot also hold the sums (the 5-CTA
  /// warpgroup tile of 64 rows, bench/NOTES.md section 119; the 128 x 256
  /// tile of four warpgroups, sections 121-122) and the layer has group
  /// scales.
  bool fragmentScales = false;
  /// Swapped mma.sync only (`:rs`, implies swapAB): the register-stream
  /// loop (lib/Conversion/RegisterStreamUnit.cpp). The warps along K take
  /// whole k-blocks in turn (warp w: k-blocks w, w + warpsK, ...), each
  /// loading its lanes' codes and activations from global memory straight
  /// into registers, `stages` k-blocks ahead; no shared-memory stages and no
  /// CTA barrier until the warps' sums meet at the end of the unit. Half-tile
  /// warps (32 columns) of an even code width; group scales go into the
  /// decoded fragment (groupScaleBlocks 0). bench/NOTES.md sections 72, 77.
  bool registerStream = false;
  /// Register stream only (`:rq` instead of `:rs`): the lane queue. Each
  /// warp copies its rounds' operands (codes, activation rows, group
  /// values) with coalesced cp.async into its own `stages`-round ring in
  /// shared memory and reads them back when the round comes, so `stages`
  /// rounds are in flight while registers hold one. Its waits are the
  /// warp's own (cp.async.wait_group and a warp barrier): the loop still has
  /// no CTA barrier. 2-, 4- or 8-bit codes. In 16-row tiles, where a
  /// k-block lies in one K group (groups of 64+), the MMAs sum each round
  /// from zero and its sums are scaled into the accumulators
  /// (groupScaleBlocks 1) instead of every decoded pair. bench/NOTES.md
  /// sections 81 and 85.
  bool laneQueue = false;
  /// Register stream only (`:pf<n>`): each warp also prefetches into L2
  /// the codes of its k-block n rounds beyond the last one it loads into
  /// registers (prefetch.global.L2, one line a lane request), so more bytes
  /// are in flight from memory than its registers hold. 0: none.
  int64_t l2PrefetchRounds = 0;
  /// Activation copies cached in L1 as well as L2 (`cp.async.ca`, `:l1`)
  /// instead of L2 only (`.cg`): every CTA of an unsplit grid, and every
  /// warp along N of a lane-queue block, copies the same activation bytes,
  /// so CTAs on one SM (or a block's warps) that copy the same k-block close
  /// together can share one L2 read. The copied kernels only: the `:rs`
  /// loop's loads into registers are plain global loads (already through
  /// L1). bench/NOTES.md section 84.
  bool activationsL1 = false;
  /// K-blocks computed per iteration of a staged loop (`:i<n>`: one copy
  /// wait, barrier and, for wgmma, fence and MMA drain per n k-blocks; the
  /// counts iterationKBlocksFit allows). 0: the builder's rule by stage
  /// count (kBlocksPerIteration). Not for the register-stream loops, whose
  /// iterations are rounds.
  int64_t iterationKBlocks = 0;
  /// Threads of one unit of the warp grid: a warp, or a warpgroup.
  int64_t threadsPerWarpUnit() const { return wgmma ? 128 : 32; }
  /// Threads of the warp grid, which decode and run the MMAs.
  int64_t mathThreads() const {
    return threadsPerWarpUnit() * warpsM * warpsN * warpsK;
  }
  /// Threads beside them that only copy stages into shared memory (the
  /// producer warpgroup after the math warpgroups), warp-specialized.
  int64_t producerThreads() const { return warpSpecialized ? 128 : 0; }
  int64_t threads() const { return mathThreads() + producerThreads(); }
  /// Registers ptxas can give a thread: the SM's 64K over threads() x
  /// ctasPerSm, in steps of 8, at most 255.
  int64_t registersPerThread() const {
    return std::min<int64_t>(255, 65536 / (threads() * ctasPerSm) / 8 * 8);
  }
  /// Warp-specialized: the registers the producer warpgroup keeps
  /// (setmaxnreg.dec; it only computes copy addresses).
  static constexpr int64_t kProducerRegisters = 40;
  /// Registers a math thread may use: registersPerThread(), or,
  /// warp-specialized, that plus its share of what the producer warpgroup
  /// gives up (setmaxnreg.inc: 232 for two math warpgroups at one CTA per
  /// SM instead of 168), in steps of 8, at most 248.
  int64_t mathRegistersPerThread() const {
    const int64_t launch = registersPerThread();
    if (!producerThreads() || launch <= kProducerRegisters)
      return launch;
    const int64_t freed = (launch - kProducerRegisters) * producerThreads();
    return std::min<int64_t>(248, (launch + freed / mathThreads()) / 8 * 8);
  }
  /// Whether the roles trade registers (setmaxnreg, with the count at entry
  /// stated as .maxnreg): warp-specialized, where the math threads gain.
  bool rolesTradeRegisters() const {
    return mathRegistersPerThread() > registersPerThread();
  }
  /// Columns per warp (warpgroup for wgmma): a whole 64-column weight tile,
  /// or half of one (32, even code widths only), so a 64-row warp tile holds
  /// 64 accumulators instead of 128; wgmma: one or more whole weight tiles.
  int64_t warpCols() const { return blockN / warpsN; }
  /// n8 tiles per warp (8 or 4) of the mma.sync B fragment.
  int64_t warpNTiles() const { return warpCols() / 8; }
  /// Swapped mma.sync: the 8-row B operands per decoded A fragment.
  int64_t swappedRowGroups() const { return blockM / 8; }
  /// Lane queue: the 16-byte chunks of a lane's round (the 8 x bits bytes
  /// of codes, two per 8-row group of activations, and with group scales
  /// one for the group row's scales and zero points, 8 bytes each).
  int64_t laneQueueChunks(unsigned bits, bool groups) const {
    return bits / 2 + 2 * swappedRowGroups() + (groups ? 1 : 0);
  }
  /// Whether the lane queue takes codes of this width: its swizzled code
  /// units need a power-of-two count of 16-byte units a lane (bits / 2).
  static bool laneQueueTakes(unsigned bits) {
    return bits == 2 || bits == 4 || bits == 8;
  }
  /// fp32 accumulators per thread. mma.sync: (blockM / warpsM / 16) m16
  /// tiles x warpNTiles() n8 tiles x 4; swapped: 4 per pair of n8 tiles and
  /// 8 rows;
  /// wgmma: blockM / 2 per weight tile (64 x blockM outputs over 128
  /// threads).
  int64_t accumulators() const {
    if (wgmma)
      return warpCols() / 64 * blockM / 2;
    if (swapAB)
      return swappedRowGroups() * warpNTiles() / 2 * 4;
    return blockM / warpsM / 16 * warpNTiles() * 4;
  }
};

/// Geometry every kernel of a layer shares: the padded N and K of the kernel
/// layout.
constexpr int64_t kTileN = 64;  ///< columns per weight tile (one warp's N)
constexpr int64_t kTileK = 16;  ///< K per weight tile (one MMA's K)
constexpr int64_t kBlockK = 64; ///< K per pipeline stage
int64_t paddedN(int64_t n);
int64_t paddedK(int64_t k);

/// Clusters of `size` CTAs resident at once at one CTA per SM on `chip`, 0
/// where not known (measured on the H200 only).
int64_t clusterCapacity(const target::ChipDesc &chip, int64_t size);
/// For a K-split tile of `tiles` output tiles (the range's largest M),
/// `kBlocks` k-blocks and a unit time of `kBlockMicros` a k-block, the
/// cluster split (2..8) to take instead of `c`'s split, or 0 to keep it.
int64_t clusterSplitFor(const TileConfig &c, int64_t tiles, int64_t kBlocks,
                        const target::ChipDesc &chip, double kBlockMicros);
/// Estimated time (us) of `c` at its range's largest M: waves of units of
/// `kBlockMicros` a k-block plus ~4 us each, and the split end (sizes fitted
/// on the H200, bench/NOTES.md sections 68-69).
double estimateMicros(const TileConfig &c, const GemmProblem &p,
                      double kBlockMicros);

/// K-blocks per iteration of a kernel's main loop: the tile's own count where
/// it sets one (TileConfig::iterationKBlocks), else four in deep pipelines
/// (a multiple of four, 16 or more stages), two wherever the stages allow it
/// without going below four in flight (an even count of six or more), else
/// one; a register-stream warp's `stages` (one per slot).
int64_t kBlocksPerIteration(const TileConfig &c);

/// Where a kernel applies group scales (Placement::BFragment in the plan):
/// 0 means into each decoded B fragment (one multiply per two weights);
/// n > 0 means onto fp32 sums of n k-blocks of one K group, which the MMAs
/// accumulate unscaled and the scales then add into the accumulators (one
/// FMA per accumulator per n k-blocks, exact in fp32). n > 0 where groups
/// span whole k-blocks (64 or more), the kernel can hold a second set of
/// accumulators for the sums (at most 32 per thread for mma.sync, 64 for
/// wgmma; wgmma holds wgmmaSumSets sets, at most 96 accumulators and sums
/// in all, and runs of one k-block only where it overlaps them) and its
/// units start on a multiple of n k-blocks (split-K, not stream-K).
int64_t groupScaleBlocks(const TileConfig &c, const GemmProblem &p);

/// The sets of group-scale sums a wgmma loop of runs of `run` k-blocks
/// carries: one where an iteration is one run (scaled after the
/// iteration's MMA wait), two where it has more (each run's set scaled
/// while the next run's MMAs are in flight, bench/NOTES.md section 90);
/// 0 without sums (run 0).
int64_t wgmmaSumSets(const TileConfig &c, int64_t run);

/// The fewest accumulators a thread of a wgmma tile holds for its epilogue
/// to go through shared memory (SharedMemoryLayout::outputStageBytes).
constexpr int64_t kStagedOutputMinAccumulators = 48;

/// Dynamic shared memory of a config, which the kernel builder lays out and
/// the runtime allocates: `stages` pipeline stages, each an A tile (blockM x
/// blockK halves), the B codes of the block, and for group scales (and
/// group zero points) the block's columns of the K-group rows the stage
/// covers (so they arrive with the weights instead of as a global load on
/// the decode's critical path); once the pipeline has drained, the same
/// bytes hold the partial sums of the warps along K (warpsK - 1 slices of
/// warpsM x warpsN x accumulators x 32 lanes fp32); then 16 bytes for the
/// split-K "last CTA" flag; then, warp-specialized, the stages' mbarriers;
/// then the epilogue's per-column fp32 arrays of the block (channel scale,
/// bias), copied at the start of a unit so the epilogue does not wait on
/// global memory at its end.
struct SharedMemoryLayout {
  int64_t aBytes, bBytes;
  /// Per-column group data: arrays (scales, zero points) x rows per stage.
  int64_t columnArrays, columnRows, columnArrayBytes;
  int64_t stageBytes, reductionBytes, flagOffset;
  /// Cluster-split configs: the sums the others push to a CTA,
  /// [chunk][thread] 16 bytes each, chunks rounded up to whole groups of
  /// splitK (from offset 0, over the drained stages); their two mbarriers
  /// take the 16 bytes at flagOffset.
  int64_t clusterSumBytes;
  /// Warp-specialized kernels: 2 x stages mbarriers (8 bytes each), each
  /// stage's "full" one, then each stage's "empty" one; 0 bytes otherwise.
  int64_t barrierOffset, barrierBytes;
  /// wgmma tiles of kStagedOutputMinAccumulators or more accumulators a
  /// thread, without a producer warpgroup, N a multiple of 8: the
  /// epilogue's output tile (blockM x blockN 16-bit values) staged over the
  /// drained stages, after the cluster sums where that fits (else over
  /// them, once every warp has read its sums), where it fits without more
  /// shared memory; 0 bytes otherwise (one 2-byte store per accumulator).
  int64_t outputStageOffset, outputStageBytes;
  /// Epilogue column arrays: 0: the channel scale if any, then the bias.
  int64_t epilogueArrays, epilogueOffset;
  int64_t totalBytes;
  SharedMemoryLayout(const TileConfig &c, const GemmProblem &p, unsigned bits);
  /// Offset of column array `a` (0: scales, then zero points) in a stage.
  int64_t columnOffset(int64_t a) const {
    return aBytes + bBytes + a * columnArrayBytes;
  }
  /// Offset of epilogue array `a` (blockN fp32 values).
  int64_t epilogueArrayOffset(int64_t a, int64_t blockN) const {
    return epilogueOffset + a * blockN * 4;
  }
};
/// The shared memory a CTA may use on a chip: its opt-in maximum per block,
/// at least the 48 KB every arch has.
int64_t sharedMemoryLimit(const target::ChipDesc &chip);
/// Shared memory a config needs, in bytes (SharedMemoryLayout::totalBytes).
int64_t sharedMemoryBytes(const TileConfig &c, const GemmProblem &p,
                          unsigned bits);

/// The dispatch table for a problem on its chip: tile shapes, stages and K
/// split per M range, from the SM count, shared memory and bandwidth. The
/// candidates it tries per M range, and their conditions, are the measured
/// rules of lib/Kernel/TileCandidates.cpp.
std::vector<TileConfig> selectTiles(const GemmProblem &p, unsigned bits);

/// Kernel symbols: the GEMM kernel of a dispatch entry is
/// "<prefix>_m<mMin>" (e.g. "layer_0_m33"); the layer's gpu.module is
/// "<prefix>_kernels" and its repack kernels "<prefix>_repack_*".
std::string dispatchKernelName(const std::string &prefix, int64_t mMin);
/// The prefix of a dispatch kernel's name (inverse of dispatchKernelName).
std::string kernelPrefixOf(const std::string &dispatchKernel);

/// Grid size (CTAs) of a config for a given M: persistent, at most
/// SMs x ctasPerSm, never more than the work units (stream-K: never fewer
/// than kStreamKMinBlocks k-blocks per CTA). Kernels built for
/// oneUnitPerCta configs run only the CTA's own unit: a launch must give
/// them this many CTAs.
int64_t gridSize(const TileConfig &c, const GemmProblem &p, int64_t m);
/// Work units (M tiles x N tiles x K splits) for a given M.
int64_t workUnits(const TileConfig &c, const GemmProblem &p, int64_t m);
/// Whether a config's kernel runs one unit per CTA: a bounded M range
/// whose units at its largest M fit the CTA slots at once, not stream-K, so
/// gridSize launches a CTA per unit at every M of the range.
bool oneUnitPerCta(const TileConfig &c, const GemmProblem &p);
/// K-blocks of one K split's unit (the longest, where they differ): the
/// padded K's k-blocks over splitK, rounded up.
int64_t unitKBlocks(const TileConfig &c, const GemmProblem &p);
/// Stream-K: the k-blocks a CTA streams at least.
constexpr int64_t kStreamKMinBlocks = 4;
/// Partial sums a tile can have for a given M: splitK, or for stream-K the
/// most CTA ranges that can meet one tile's k-blocks.
int64_t partialSlots(const TileConfig &c, const GemmProblem &p, int64_t m);
/// Whether the warp grid splits the block into equal warp tiles (every
/// extent positive, each block extent a multiple of its warp count): what
/// every other rule of a config assumes. Otherwise `why` says which extent.
bool warpGridDivides(const TileConfig &c, std::string *why = nullptr);
/// Whether a config reduces partial sums through the workspace.
inline bool reducesPartials(const TileConfig &c) {
  return (c.splitK > 1 && !c.clusterSplit) || c.streamK;
}
/// Cluster-split configs: the most splits (CTAs) of one cluster (the
/// portable cluster size).
constexpr int64_t kMaxClusterSplits = 8;
/// Workspace split-K configs whose CTAs may share their tile's reduction
/// (GemmUnitEnd.cpp): wgmma tiles, whose partials are whole 16-byte chunks,
/// of at most kMaxSharedReductionSplits static splits, whose fp32 sums are
/// at least kSharedReductionMinBytes. On an H100 (bench/NOTES.md section
/// 130) sharing took 0.2-0.4 us off 96 x 128 tiles in 4 splits, 0.9-1.1
/// off 128 x 128 and 2.1-2.8 off 128 x 256 in 3, but cost 32 x 128 tiles
/// 0.3-0.6 us (the protocol's round trips against 16 KB of partials) and
/// left 64 x 128 within -0.2..+0.3. The 80 x 128 tiles of 65..80 rows
/// (40 KB) in 3-4 splits: 0.3-0.7 us faster sharing than not (section 136).
constexpr int64_t kMaxSharedReductionSplits = 8;
constexpr int64_t kSharedReductionMinBytes = 40 * 1024;
inline bool sharesSplitReduction(const TileConfig &c) {
  return c.wgmma && !c.clusterSplit && !c.streamK && c.splitK > 1 &&
         c.splitK <= kMaxSharedReductionSplits &&
         c.blockM * c.blockN * 4 >= kSharedReductionMinBytes;
}
/// Reduction workspace: fp32 partials [slots, M, Npad] and two counters per
/// output tile (its arrivals and its started units), enough for every M in
/// [mMin, m].
int64_t workspaceBytes(const TileConfig &c, const GemmProblem &p, int64_t m);
int64_t counterCount(const TileConfig &c, const GemmProblem &p, int64_t m);

} // namespace humming::kernel

#endif
