//===- EntryRules.cpp - What the kernel builders and the launch take -------===//

#include "humming/Kernel/EntryRules.h"
#include "humming/Kernel/IterationKBlocks.h"
#include "humming/Kernel/KernelLayout.h"
#include "humming/Target/Capability.h"

using namespace humming;
using namespace humming::kernel;

namespace {
std::string n(int64_t v) { return std::to_string(v); }

/// The first rule of the tile shape, warp grid and loop form the builders
/// break (the reason alone), or nothing.
std::optional<std::string> tileShapeProblem(const TileConfig &tc,
                                            const GemmProblem &p,
                                            unsigned bits) {
  if (tc.blockK != kBlockK)
    return "block K " + n(tc.blockK) + ", not " + n(kBlockK);
  // The weights are laid out in 64-column tiles, whose 32-column halves are
  // apart for even code widths only (KernelLayout.h): a block is whole
  // tiles, or one half of a tile taken by one warp of mma.sync.
  if (tc.blockN == kTileN / 2) {
    if (tc.wgmma || tc.warpsN != 1 || !weightHalvesApart(bits))
      return "a 32-column block is one mma.sync warp along N of an even code "
             "width";
  } else if (tc.blockN < kTileN || tc.blockN % kTileN != 0) {
    return "block N 32 or a whole number of 64-column weight tiles, not " +
           n(tc.blockN);
  }
  if (tc.warpsM < 1 || tc.warpsN < 1 || tc.warpsK < 1 ||
      tc.blockN % tc.warpsN != 0)
    return "warps along N must divide block N " + n(tc.blockN);
  if (tc.wgmma) {
    if (tc.swapAB)
      return "swap_ab is an mma.sync form";
    if (tc.warpsM != 1 || tc.warpsK != 1 || tc.warpCols() % kTileN != 0 ||
        tc.warpCols() / kTileN > 4 || tc.blockM % 8 != 0 || tc.blockM > 256)
      return "warpgroups only along N, each 1-4 whole 64-column weight "
             "tiles; blockM a multiple of 8 up to 256";
  } else {
    if (tc.warpCols() != kTileN && tc.warpCols() != kTileN / 2)
      return "each warp takes 64 or 32 columns, not " + n(tc.warpCols());
    // Swapped mma.sync: one or two n8 B operands of 8 activation rows per
    // warp.
    if (tc.swapAB && ((tc.blockM != 8 && tc.blockM != 16) || tc.warpsM != 1))
      return "weights as the A operand: blockM 8 or 16, one warp along M";
    if (!tc.swapAB && tc.blockM % (16 * tc.warpsM) != 0)
      return "blockM a multiple of 16 rows per warp along M";
  }
  if (tc.registerStream) {
    // Lane (g, t) reads 16 contiguous k of one row and 8 x bits contiguous
    // bytes of its half-tile's codes (RegisterStreamUnit.cpp).
    if (!tc.swapAB || tc.warpCols() != kTileN / 2 || tc.warpsN > 2)
      return "the register-stream loop is the swapped mma.sync tile of one "
             "or two warps of 32 columns along N (block N 32 or 64), not " +
             n(tc.warpsN) + " of " + n(tc.warpCols()) +
             (tc.swapAB ? "" : " without swap_ab");
    if (tc.streamK || tc.clusterSplit)
      return "the register-stream loop splits K through the workspace only "
             "(no stream-K or cluster)";
    if (tc.laneQueue && !TileConfig::laneQueueTakes(bits))
      return "the lane queue takes 2-, 4- or 8-bit codes, not " + n(bits);
    if (tc.laneQueue && !target::hasAsyncCopies(p.chip.arch))
      return "the lane queue is filled with cp.async, which " +
             p.chip.arch.name() + " does not have";
  } else if (tc.blockK % (kTileK * tc.warpsK) != 0) {
    return "warps along K must split the k-block into k16 steps";
  }
  // (The register-stream loop's stages are k-blocks in registers ahead of
  // the one computed: one is a loop.)
  if (tc.stages < (tc.registerStream ? 1 : 2))
    return "at least 2 stages";
  if (tc.iterationKBlocks &&
      (tc.registerStream ||
       !iterationKBlocksFit(tc.iterationKBlocks, tc.stages)))
    return std::string("k-blocks per iteration ") + kIterationKBlocksRule +
           ", and not in the register-stream loop";
  if (tc.splitK < 1)
    return "a K split of at least 1";
  if (paddedN(p.n) % tc.blockN != 0)
    return "block N must divide N padded to 64 columns, " + n(paddedN(p.n));
  return std::nullopt;
}
} // namespace

std::optional<std::string>
humming::kernel::kernelBuildProblem(const TileConfig &tc, const GemmProblem &p,
                                    unsigned bits) {
  if (auto why = tileShapeProblem(tc, p, bits))
    return "tile config " + n(tc.blockM) + "x" + n(tc.blockN) + "x" +
           n(tc.blockK) + " (warps " + n(tc.warpsM) + "x" + n(tc.warpsN) +
           "x" + n(tc.warpsK) + ", stages " + n(tc.stages) +
           ") is not one the " + (tc.wgmma ? "wgmma" : "mma.sync") +
           " builder can emit (" + *why + ")";
  if (bits < 1 || bits > 8)
    return "code width " + n(bits) + " is outside 1..8";
  if (tc.wgmma) {
    // Refused before any IR: the NVPTX backend and ptxas must never see a
    // wgmma for a target without it.
    if (auto err = target::checkPipelineOnArch(target::PipelineKind::Wgmma,
                                               p.chip.arch))
      return *err;
    // A warp supplies 16 of a weight tile's 64 columns: 8 of the lane's 32
    // codes per k16 step, whole words only for 4- and 8-bit codes.
    if (bits != 4 && bits != 8)
      return "the wgmma builder takes 4- or 8-bit codes (a warp's quarter of "
             "a lane's code words must be whole words), not " +
             n(bits) + " bits";
    // One wgmma holds its blockM / 2 accumulators, its A registers and its
    // operands' addresses in registers at once; ptxas fails the whole
    // module when the thread's share is smaller (m64n256 measured to need
    // 158). Warp-specialized, a math thread also has what the producer
    // gives up (setmaxnreg).
    const int64_t budget = tc.mathRegistersPerThread();
    const int64_t needed = tc.blockM / 2 + kWgmmaRegisterOverhead;
    if (needed > budget)
      return "a wgmma of " + n(tc.blockM) + " rows needs about " + n(needed) +
             " registers per thread, and " + n(tc.threads()) + " threads x " +
             n(tc.ctasPerSm) + " CTAs per SM leave " + n(budget) +
             (tc.producerThreads() ? " to a math thread" : "") +
             " (fewer rows, threads or CTAs per SM)";
  }
  if (tc.clusterSplit) {
    // The splits of a tile are one cluster: the CTAs must all be resident
    // at once (one unit each, in one wave), none may run ahead to another
    // unit (no producer warpgroup), and a cluster holds at most 8 CTAs.
    if (auto err = target::checkClustersOnArch(p.chip.arch))
      return *err;
    const int64_t slots = p.chip.smCount * tc.ctasPerSm;
    if (tc.streamK || tc.warpSpecialized || tc.splitK < 2 ||
        tc.splitK > kMaxClusterSplits || !oneUnitPerCta(tc, p))
      return "a K split as one cluster needs 2.." + n(kMaxClusterSplits) +
             " splits, no stream-K or warp specialization, and a bounded M "
             "range whose units (here " +
             (tc.mMax ? n(workUnits(tc, p, tc.mMax)) + " at M = " +
                            n(tc.mMax)
                      : std::string("the range is unbounded")) +
             ") fit the " + n(slots) + " CTA slots at once";
  }
  if (!tc.wgmma && tc.warpCols() != kTileN && !weightHalvesApart(bits))
    return "warp tiles " + n(tc.warpCols()) +
           " columns wide need an even code width (half a weight tile's "
           "codes must start on a word), not " +
           n(bits) + " bits";
  return std::nullopt;
}

std::optional<std::string>
humming::kernel::launchProblem(const TileConfig &c, const GemmProblem &p,
                               unsigned bits) {
  int64_t smem = sharedMemoryBytes(c, p, bits);
  if (smem > sharedMemoryLimit(p.chip))
    return "needs " + n(smem) + " bytes of shared memory, more than " +
           p.chip.name + " has";
  // The partial-sum workspace is sized for the largest M of a range.
  if (c.mMax == 0 && reducesPartials(c))
    return "reduces partial sums (split_k = " + n(c.splitK) +
           (c.streamK ? ", stream_k" : "") +
           ") over an unbounded M range; its workspace would grow with M: "
           "bound the range";
  if (c.streamK && c.splitK != 1)
    return "is stream_k with split_k = " + n(c.splitK) +
           "; stream-K takes split_k = 1";
  return std::nullopt;
}

std::optional<std::string>
humming::kernel::dispatchEntryProblem(const TileConfig &c,
                                      const GemmProblem &p, unsigned bits) {
  if (auto build = kernelBuildProblem(c, p, bits))
    return build;
  return launchProblem(c, p, bits);
}
