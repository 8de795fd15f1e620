//===- GemmPlan.cpp - Decode, dequant and tile decisions ------------------===//

#include "humming/Kernel/GemmPlan.h"
#include "humming/Kernel/DispatchText.h"
#include "humming/Kernel/EntryRules.h"
#include "TileCandidates.h"

#include "humming/Target/Capability.h"

#include <algorithm>
#include <cmath>

using namespace humming;
using namespace humming::kernel;
using format::NumericFormat;
using planner::Range;
using planner::Shape;
using planner::candidateRanges;

namespace {
bool isF16(const NumericFormat &f) { return f == NumericFormat::f16(); }
bool isBF16(const NumericFormat &f) { return f == NumericFormat::bf16(); }
int64_t ceilDiv(int64_t a, int64_t b) { return (a + b - 1) / b; }
} // namespace

int64_t humming::kernel::paddedN(int64_t n) { return ceilDiv(n, kTileN) * kTileN; }
int64_t humming::kernel::paddedK(int64_t k) {
  return ceilDiv(k, kBlockK) * kBlockK;
}

int64_t humming::kernel::clusterCapacity(const target::ChipDesc &chip,
                                         int64_t size) {
  // Clusters resident at once at one CTA per SM, measured on the H200
  // (bench/NOTES.md section 32; a cluster stays within a GPC, and its GPCs
  // hold 16 or 18 SMs, 18 SMs in smaller ones). The H100 is the same
  // 132-SM part. Other chips, and sizes not measured: unknown.
  if (chip.arch.version != 90 || chip.smCount != 132)
    return 0;
  switch (size) {
  case 2:
    return 66;
  case 3:
    return 39;
  case 4:
    return 30;
  case 6:
    return 17;
  case 8:
    return 15;
  default:
    return 0;
  }
}

/// A K-split end in us for a tile whose fp32 sums are `sumsBytes` per
/// split: through the workspace the last CTA reads every split's sums at
/// one SM's bandwidth; as a cluster every CTA reduces 1/S of the tile
/// through distributed shared memory. Fitted for the 128 x 256 warpgroup
/// tile (128 KB; bench/NOTES.md section 68: 6.4 + 1.28 S and 1.6 + 1.6 S),
/// scaled by the sums (the 128 x 128 tile's measured ends, section 69, are
/// within 1 us of half of those).
static double splitEndMicros(int64_t split, bool cluster, int64_t sumsBytes) {
  if (split == 1)
    return 0;
  const double scale = double(sumsBytes) / double(128 * 256 * 4);
  const double s = double(split);
  return scale * (cluster ? 1.6 + 1.6 * s : 6.4 + 1.28 * s);
}

static int64_t sumsBytes(const TileConfig &c) { return c.blockM * c.blockN * 4; }

double humming::kernel::estimateMicros(const TileConfig &c,
                                       const GemmProblem &p,
                                       double kBlockMicros) {
  // Waves of units at the range's largest M (of its smallest where
  // unbounded), each a split's k-blocks plus ~4 us of prologue and
  // epilogue, then the split end.
  const int64_t m = c.mMax ? c.mMax : c.mMin;
  const int64_t slots = std::max<int64_t>(p.chip.smCount, 1) * c.ctasPerSm;
  const int64_t waves = ceilDiv(workUnits(c, p, m), slots);
  return double(waves) * (double(unitKBlocks(c, p)) * kBlockMicros + 4.0) +
         splitEndMicros(c.splitK, c.clusterSplit, sumsBytes(c));
}

int64_t humming::kernel::clusterSplitFor(const TileConfig &c, int64_t tiles,
                                         int64_t kBlocks,
                                         const target::ChipDesc &chip,
                                         double kBlockMicros) {
  // A split's k-blocks plus its end (splitEndMicros). A cluster split is
  // taken where every tile's cluster is resident at once and it costs at
  // least 10 % less than `c`'s split.
  auto cost = [&](int64_t split, bool cluster) {
    return double(ceilDiv(kBlocks, split)) * kBlockMicros +
           splitEndMicros(split, cluster, sumsBytes(c));
  };
  const double current = cost(c.splitK, c.clusterSplit);
  double best = 0;
  int64_t bestSplit = 0;
  for (int64_t split = 2; split <= kMaxClusterSplits; ++split) {
    if (split > std::max<int64_t>(kBlocks / 4, 1) ||
        tiles > clusterCapacity(chip, split))
      continue;
    // (Ties go to the fewer splits: fewer CTAs in each cluster.)
    const double v = cost(split, true);
    if (!bestSplit || v < best - 1e-6)
      best = v, bestSplit = split;
  }
  return bestSplit && best < 0.9 * current ? bestSplit : 0;
}

int64_t humming::kernel::kBlocksPerIteration(const TileConfig &c) {
  // One cp.async wait, proxy fence, barrier and wgmma drain per two k-blocks
  // instead of one measured 0.6-3.2 us faster at 1..64 rows on the H200
  // (bench/NOTES.md, section 14); four stages (the 65+ row kernels) keep one.
  // Deep pipelines (16 or more stages, a multiple of 4: the narrow tiles,
  // whose k-block is 2-4 KB of weights) compute four per iteration and keep
  // 12 or more in flight (section 22). A register-stream warp computes one
  // k-block per slot, all of its slots an iteration (no wait or barrier);
  // with the lane queue, one round an iteration.
  if (c.registerStream)
    return c.laneQueue ? 1 : c.stages;
  // Or as the tile says: 4 at 12 stages measured 0.9-1.6 us faster for the
  // 8-bit 33..64-row cluster pair at 8192^2, mixed on 12-stage tiles with
  // workspace splits (bench/NOTES.md section 89).
  if (c.iterationKBlocks)
    return c.iterationKBlocks;
  if (c.stages % 4 == 0 && c.stages >= 16)
    return 4;
  return c.stages % 2 == 0 && c.stages >= 6 ? 2 : 1;
}

int64_t humming::kernel::groupScaleBlocks(const TileConfig &c,
                                          const GemmProblem &p) {
  // The per-pair multiply sits at the end of every decode's dependency
  // chain: 64 of the 341 instructions per two k-blocks of the M <= 16 g128
  // kernel (bench/NOTES.md, section 17). Per-group sums double the
  // accumulators, which only the small tiles can hold (at most 32 per
  // thread; wgmma, whose A registers are not held across steps, 64).
  // The register-stream loop keeps them in the fragment; its lane-queue
  // form, in 16-row tiles, scales each round's sums where a k-block lies in
  // one group (one round a k-block: a run of 1; bench/NOTES.md section 85:
  // g128 8192^2 M = 16 0.5 us faster; at 8 rows, which wait for memory,
  // -0.2..+0.3, so those keep the pairs).
  if (p.weight.scale != format::ScaleGranularity::Group || c.streamK ||
      c.fragmentScales ||
      (c.registerStream && (!c.laneQueue || c.blockM < 16)) ||
      c.accumulators() > (c.wgmma ? 64 : 32))
    return 0;
  const int64_t groupBlocks = p.weight.groupSize / c.blockK;
  if (groupBlocks < 1)
    return 0;
  // Sums of one iteration's k-blocks where a group holds whole iterations
  // (groups and k-blocks per iteration are powers of two), of one group
  // where an iteration holds whole groups, else of one k-block. wgmma keeps
  // an iteration's runs in two sets of sums, scaling each run's set while
  // the next run's MMAs are in flight (at most 96 accumulators and sums per
  // thread); runs of one k-block (g64) only where an iteration has two or
  // more of them, in cooperative kernels (ptxas serializes the
  // warp-specialized form's MMAs around those waits, C7518): one run an
  // iteration is scaled after its own wait, which
  // measured 2.1-2.4 us slower at M = 40 / 64 than the scales in the B
  // fragment (bench/NOTES.md, section 25: one FFMA per accumulator per
  // k-block after the MMA wait, against one HMUL2 per decoded pair).
  const int64_t perIteration = kBlocksPerIteration(c);
  if (groupBlocks % perIteration == 0)
    return perIteration;
  if (perIteration % groupBlocks == 0) {
    const int64_t sets = wgmmaSumSets(c, groupBlocks);
    if (!c.wgmma || ((groupBlocks >= 2 || (sets == 2 && !c.warpSpecialized)) &&
                     c.accumulators() * (1 + sets) <= 96))
      return groupBlocks;
  }
  return c.wgmma ? 0 : 1;
}

int64_t humming::kernel::wgmmaSumSets(const TileConfig &c, int64_t run) {
  return run ? std::min<int64_t>(2, kBlocksPerIteration(c) / run) : 0;
}

std::optional<std::string>
humming::kernel::checkMmaSyncProblem(const GemmProblem &p) {
  using format::ScaleGranularity;
  if (auto e = format::validate(p.weight))
    return e;
  if (auto e = format::validate(p.activation))
    return e;
  if (auto e = format::validateShape(p.weight, p.n, p.k))
    return e;
  if (auto e = target::checkSupported(p.weight, p.activation, p.chip.arch))
    return e;
  if (auto e = target::checkPipelineOnArch(target::PipelineKind::MmaSync,
                                           p.chip.arch))
    return e;
  const auto &a = p.activation.format;
  if (!isF16(a) && !isBF16(a))
    return "activation " + a.name() +
           ": the mma.sync pipeline takes float16 or bfloat16 activations";
  if (p.activation.scale != format::ActivationScaleGranularity::None)
    return std::string("activation scales need an 8-bit or 4-bit activation");
  if (!isF16(p.output) && !isBF16(p.output))
    return "output " + p.output.name() + ": must be float16 or bfloat16";
  const auto &w = p.weight;
  if (w.format.bits() > 8)
    return "weight " + w.format.name() + ": at most 8 bits per code";
  if (w.scale != ScaleGranularity::Channel && w.scale != ScaleGranularity::Group &&
      w.scale != ScaleGranularity::None)
    return std::string("weight scale ") + format::toString(w.scale) +
           ": the mma.sync pipeline takes channel or group scales";
  if (w.scale != ScaleGranularity::None && !isF16(w.scaleFormat) &&
      !isBF16(w.scaleFormat))
    return "scale_type " + w.scaleFormat.name() +
           ": the mma.sync pipeline takes float16 or bfloat16 scales";
  if (w.secondary != format::SecondaryScale::None)
    return std::string("secondary scales are not supported by the mma.sync "
                       "pipeline yet");
  if (p.k % 8 != 0)
    return "k = " + std::to_string(p.k) +
           ": must be a multiple of 8 (16-byte activation rows)";
  if (p.n <= 0 || p.k <= 0)
    return std::string("n and k must be positive");
  // Sizes the kernels hold in 32 bits: row and column indices (and a call's
  // m x max(n, k) elements, Layer::run), and the packed weights' 32-bit
  // words, which the GPU repack kernels count and address.
  if (p.n > kMaxLayerExtent || p.k > kMaxLayerExtent)
    return "n = " + std::to_string(p.n) + ", k = " + std::to_string(p.k) +
           ": each must be at most 2^30 (the kernels index rows and columns "
           "in 32 bits)";
  const int64_t words = p.n * (p.k * int64_t(w.format.bits()) / 32);
  if (words > kMaxWeightWords)
    return "the packed weights are " + std::to_string(words) +
           " 32-bit words (n x k x bits / 32); at most 2^31 - 1 (8 GiB: the "
           "repack kernels address them in 32 bits)";
  if (p.chip.smCount <= 0)
    return std::string("target: the SM count must be known to plan the grid");
  return std::nullopt;
}

const char *humming::kernel::toString(DecodeStrategy s) {
  switch (s) {
  case DecodeStrategy::IntMagicF16: return "int_magic_f16";
  case DecodeStrategy::IntMagicBF16: return "int_magic_bf16";
  case DecodeStrategy::IntViaF32: return "int_via_f32";
  case DecodeStrategy::FloatExponentOffset: return "float_exponent_offset";
  }
  return "?";
}

std::optional<DecodeStrategy>
humming::kernel::parseDecodeStrategy(const std::string &s) {
  for (auto v : {DecodeStrategy::IntMagicF16, DecodeStrategy::IntMagicBF16,
                 DecodeStrategy::IntViaF32,
                 DecodeStrategy::FloatExponentOffset})
    if (s == toString(v))
      return v;
  return std::nullopt;
}

const char *humming::kernel::toString(Placement p) {
  switch (p) {
  case Placement::None: return "none";
  case Placement::DecodeConstant: return "decode_constant";
  case Placement::BFragment: return "b_fragment";
  case Placement::Accumulator: return "accumulator";
  case Placement::Epilogue: return "epilogue";
  }
  return "?";
}

std::optional<Placement> humming::kernel::parsePlacement(const std::string &s) {
  for (auto v : {Placement::None, Placement::DecodeConstant,
                 Placement::BFragment, Placement::Accumulator,
                 Placement::Epilogue})
    if (s == toString(v))
      return v;
  return std::nullopt;
}

std::optional<DecodePlan> humming::kernel::planDecode(const GemmProblem &p,
                                                      std::string *error) {
  if (auto e = checkMmaSyncProblem(p)) {
    if (error)
      *error = *e;
    return std::nullopt;
  }
  const NumericFormat &w = p.weight.format;
  const NumericFormat &a = p.activation.format;
  DecodePlan d;
  d.bits = w.bits();
  bool explicitZero = p.weight.zeroPoint != format::ZeroPointKind::None;
  if (w.isInteger()) {
    // Normalize intN to uintN: u = c ^ 2^(N-1), value = u - 2^(N-1).
    d.flipSign = w.isSigned();
    double signOffset = w.isSigned() ? std::ldexp(1.0, int(d.bits) - 1) : 0;
    double magic = 0;
    if (isF16(a)) {
      d.strategy = DecodeStrategy::IntMagicF16;
      magic = 1024;
    } else if (d.bits <= 7) {
      d.strategy = DecodeStrategy::IntMagicBF16;
      magic = 128;
    } else {
      d.strategy = DecodeStrategy::IntViaF32;
      magic = 0; // the f32 magic is removed before the conversion
    }
    if (p.weight.zeroPoint == format::ZeroPointKind::Integer) {
      d.constantSubtract = 0;
      d.zeroPointOffset = magic + signOffset;
    } else if (p.weight.zeroPoint == format::ZeroPointKind::Float) {
      // A float zero cannot be folded into the magic base without rounding.
      d.constantSubtract = magic + signOffset;
    } else {
      d.constantSubtract = magic + signOffset + p.weight.implicitZeroValue();
    }
  } else {
    d.strategy = DecodeStrategy::FloatExponentOffset;
    // f16 activations: move into f16 positions (bias 15); bf16: into f32
    // positions (bias 127), converted exactly afterwards.
    int targetBias = isF16(a) ? 15 : 127;
    d.exponentOffset = targetBias - w.exponentBias();
    d.constantSubtract = 0;
    (void)explicitZero;
  }
  return d;
}

DequantPlan humming::kernel::planDequant(const GemmProblem &p,
                                         const DecodePlan &d) {
  DequantPlan q;
  switch (p.weight.scale) {
  case format::ScaleGranularity::Channel:
    q.scale = Placement::Accumulator;
    break;
  case format::ScaleGranularity::Group:
    q.scale = Placement::BFragment;
    break;
  default:
    q.scale = Placement::None;
  }
  if (p.weight.zeroPoint != format::ZeroPointKind::None)
    q.zeroPoint = Placement::BFragment;
  else if (d.constantSubtract != 0 || p.weight.implicitZeroValue() != 0)
    q.zeroPoint = Placement::DecodeConstant;
  q.bias = p.bias ? Placement::Epilogue : Placement::None;
  return q;
}

SharedMemoryLayout::SharedMemoryLayout(const TileConfig &c,
                                       const GemmProblem &p, unsigned bits) {
  // The register-stream loop has no tile stages: its operands go from
  // global memory straight into registers, or through each lane's own queue.
  const bool staged = !c.registerStream;
  aBytes = staged ? c.blockM * c.blockK * 2 : 0;
  bBytes = staged ? c.blockN * c.blockK * bits / 8 : 0;
  // Group scales, and group zero points, go in the B fragment (planDequant).
  const bool group =
      staged && p.weight.scale == format::ScaleGranularity::Group;
  columnArrays = group ? 1 + (p.weight.zeroPoint !=
                              format::ZeroPointKind::None)
                       : 0;
  columnRows = group ? std::max<int64_t>(c.blockK / p.weight.groupSize, 1) : 0;
  columnArrayBytes = columnRows * c.blockN * 2;
  stageBytes = aBytes + bBytes + columnArrays * columnArrayBytes;
  // The lane queue's round: every math lane's chunks ([warp][chunk][lane]).
  if (c.laneQueue)
    stageBytes =
        c.mathThreads() * 16 *
        c.laneQueueChunks(bits, p.weight.scale == format::ScaleGranularity::Group);
  // wgmma reads the activation rows through a 128-byte-swizzle descriptor,
  // whose 8-row atoms (1 KB) must be 1 KB aligned: every stage starts on one.
  if (c.wgmma)
    stageBytes = (stageBytes + 1023) / 1024 * 1024;
  reductionBytes =
      (c.warpsK - 1) * c.warpsM * c.warpsN * c.accumulators() * 32 * 4;
  // Whole groups of splitK chunks: an owner receives the others' values of
  // its chunk in the slots of the group's chunks it does not own.
  const int64_t sumGroups = (c.accumulators() / 4 + c.splitK - 1) / c.splitK;
  clusterSumBytes =
      c.clusterSplit ? c.mathThreads() * sumGroups * c.splitK * 16 : 0;
  flagOffset =
      std::max({c.stages * stageBytes, reductionBytes, clusterSumBytes});
  // The staged output needs 16-byte rows (N % 8 == 0) and stages nobody
  // fills during the unit's end (a producer warpgroup copies the next
  // unit's meanwhile). After the cluster sums where it fits, else over
  // them (the epilogue then waits for every warp's reads of its sums).
  // Only where a thread holds 48+ accumulators: 16-32 (the 17..64-row
  // tiles) compiled no faster staged and ran no faster (8-bit codes at
  // 8192^2 0.3 us slower on an H100, within the harness's spread on the
  // H200; bench/NOTES.md sections 134-135), so they keep the kernels the
  // M <= 64 targets were measured with.
  const int64_t outputBytes = c.blockM * c.blockN * 2;
  outputStageOffset =
      clusterSumBytes + outputBytes <= flagOffset ? clusterSumBytes : 0;
  outputStageBytes = c.wgmma && !c.producerThreads() && p.n % 8 == 0 &&
                             c.accumulators() >= kStagedOutputMinAccumulators &&
                             outputBytes <= flagOffset
                         ? outputBytes
                         : 0;
  // The epilogue's per-column arrays, where planDequant puts them (the scale
  // and bias placements do not depend on the decode).
  const DequantPlan q = planDequant(p, DecodePlan());
  epilogueArrays = (q.scale == Placement::Accumulator) +
                   (q.bias == Placement::Epilogue);
  barrierOffset = flagOffset + 16;
  barrierBytes = c.producerThreads() ? 2 * c.stages * 8 : 0;
  epilogueOffset = barrierOffset + barrierBytes;
  totalBytes = epilogueOffset + epilogueArrays * c.blockN * 4;
}

int64_t humming::kernel::sharedMemoryLimit(const target::ChipDesc &chip) {
  return std::max<int64_t>(chip.smemPerBlock, 48 * 1024);
}

bool humming::kernel::warpGridDivides(const TileConfig &c, std::string *why) {
  const int64_t block[] = {c.blockM, c.blockN, c.blockK};
  const int64_t warps[] = {c.warpsM, c.warpsN, c.warpsK};
  for (int d = 0; d < 3; ++d)
    if (warps[d] <= 0 || block[d] <= 0 || block[d] % warps[d] != 0) {
      if (why)
        *why = "block tile " + std::to_string(c.blockM) + "x" +
               std::to_string(c.blockN) + "x" + std::to_string(c.blockK) +
               " does not split into " + std::to_string(c.warpsM) + "x" +
               std::to_string(c.warpsN) + "x" + std::to_string(c.warpsK) +
               " equal warp tiles (" + "MNK"[d] + ": " +
               std::to_string(block[d]) + " over " + std::to_string(warps[d]) +
               ")";
      return false;
    }
  return true;
}

int64_t humming::kernel::sharedMemoryBytes(const TileConfig &c,
                                           const GemmProblem &p,
                                           unsigned bits) {
  return SharedMemoryLayout(c, p, bits).totalBytes;
}

namespace {
/// Whether two entries of a table compile to the same kernel: the same
/// dispatch text (every tuning field) but for the M range they serve.
bool sameKernelShape(TileConfig a, TileConfig b) {
  a.mMin = b.mMin = 1;
  a.mMax = b.mMax = 0;
  return formatDispatch({a}) == formatDispatch({b});
}
} // namespace

std::vector<TileConfig> humming::kernel::selectTiles(const GemmProblem &p,
                                                     unsigned bits) {
  const int64_t nPad = paddedN(p.n), kTiles = paddedK(p.k) / kBlockK;
  const int64_t sms = std::max<int64_t>(p.chip.smCount, 1);
  const int64_t smemLimit = sharedMemoryLimit(p.chip);
  // Widest N tile that divides the padded N: fewer, longer weight streams
  // (a 32-column shape is half a weight tile, which always divides it).
  auto widestN = [&](int64_t maxN) {
    if (maxN < kTileN)
      return maxN;
    for (int64_t bn = maxN; bn > kTileN; bn /= 2)
      if (nPad % bn == 0)
        return bn;
    return kTileN;
  };
  // The candidates of each M range and the rules that choose among them,
  // with the measurements behind each: TileCandidates.cpp.
  const bool wgmmaCodes =
      (bits == 4 || bits == 8) &&
      !target::checkPipelineOnArch(target::PipelineKind::Wgmma, p.chip.arch);
  const std::vector<Range> ranges = candidateRanges(wgmmaCodes);
  // Several CTAs per SM share its shared memory (1 KB each reserved).
  auto ctaSmemLimit = [&](const TileConfig &c) {
    return smemLimit / c.ctasPerSm - (c.ctasPerSm - 1) * 1024;
  };
  auto configure = [&](const Range &r, const Shape &s) {
    TileConfig c;
    c.mMin = r.mMin;
    c.mMax = r.mMax;
    c.blockM = s.blockM;
    c.blockK = kBlockK;
    c.blockN = widestN(s.maxN);
    c.warpsM = s.warpsM;
    // (A shape wider than the padded N does not apply; keep it computable.)
    c.warpsN = std::max<int64_t>(c.blockN / s.warpCols, 1);
    c.warpsK = s.warpsK;
    c.wgmma = s.wgmma;
    // (The loop is the swapped tile's: 16 rows, or 8 where the range is
    // taken swapped, below.)
    c.registerStream = s.registerStream;
    c.laneQueue = s.laneQueue;
    c.swapAB = s.registerStream;
    c.ctasPerSm = s.ctasPerSm;
    c.fragmentScales = s.fragmentScales;
    // Bytes in flight per SM must cover memory latency: small M keeps 6-8
    // stages (~50-60 KB of 4-bit weights per SM in flight; 4 stages
    // measured 35% slower than 6 at M = 1; with two k-blocks per loop
    // iteration, 8 stages keep 6 in flight and 10, 12 or 16 measured no
    // faster, bench/NOTES.md section 14); large M 4. 2 stages without
    // cp.async (sm_75: the loads in flight are the one stage the loop holds
    // in registers, so more buy nothing).
    c.stages = target::hasAsyncCopies(p.chip.arch) ? s.stages : 2;
    // (A deep pipeline steps down by four, so 16 stages that do not fit
    // become 12, which keep two k-blocks per iteration, not an odd count.)
    while (c.stages > 2 && sharedMemoryBytes(c, p, bits) > ctaSmemLimit(c))
      c.stages -= c.stages >= 16 ? 4 : 1;
    if (c.stages == s.stages)
      c.iterationKBlocks = s.iterationKBlocks;
    // Split K when the output tiles cannot fill the SMs: each split streams
    // a contiguous K range; at least 4 k-blocks per split keep the pipeline
    // full.
    int64_t mTiles = r.mMax ? (r.mMax + c.blockM - 1) / c.blockM : 8;
    int64_t tiles = mTiles * (nPad / c.blockN);
    const int64_t slots = sms * c.ctasPerSm;
    if (tiles < slots && r.mMax != 0 && !s.keepUnsplit) {
      int64_t split = slots / tiles;
      split = std::min(split, std::max<int64_t>(kTiles / 4, 1));
      c.splitK = std::max<int64_t>(split, 1);
    }
    if (s.capSplit) {
      int64_t cap = s.maxSplit ? s.maxSplit : c.splitK;
      // The most splits whose units keep minUnitBlocks: ceil(kTiles / n)
      // >= u while n <= (kTiles - 1) / (u - 1).
      if (s.minUnitBlocks > 1)
        cap = std::min(cap, (kTiles - 1) / (s.minUnitBlocks - 1));
      c.splitK = std::max<int64_t>(std::min(c.splitK, cap), 1);
    }
    c.clusterSplit = s.clusterPairs && c.splitK == 2 &&
                     !target::checkClustersOnArch(p.chip.arch);
    if (s.clusterSplits && r.mMax != 0 &&
        !target::checkClustersOnArch(p.chip.arch))
      if (int64_t split = clusterSplitFor(c, tiles, kTiles, p.chip,
                                          s.kBlockMicros)) {
        c.splitK = split;
        c.clusterSplit = true;
      }
    if (s.iterationKBlocksOnPairsOnly && !c.clusterSplit)
      c.iterationKBlocks = 0;
    // A warpgroup tile's rows are its wgmma N (a multiple of 8 up to 256),
    // so a bounded range computes no more rows than its largest M, rounded
    // up to 16: 65..80 runs 80 rows of the 96-row shapes, 97..112 112 of
    // the 128-row ones (0-9 % faster on the benchmark's 15 layers, with the
    // 80-row tiles' workspace splits sharing their reduction;
    // bench/NOTES.md section 136), 129..160 160 of the 192-row ones (8-27 %,
    // section 137). The K split and stages stay the wider tile's.
    if (s.wgmma && r.mMax > 0)
      c.blockM = std::min(c.blockM, ceilDiv(r.mMax, 16) * 16);
    return c;
  };
  // A shape applies when its width divides the padded N, its warps may take
  // half tiles (even code widths) or the chip has warpgroup MMA for its
  // codes (wgmmaCodes, above), and its K split is within its bounds.
  const bool groupScales = p.weight.scale == format::ScaleGranularity::Group;
  auto applies = [&](const Shape &s, const TileConfig &c) {
    const bool warps = s.wgmma ? wgmmaCodes
                               : (s.warpCols == kTileN || bits % 2 == 0);
    const bool onSums = groupScaleBlocks(c, p) > 0;
    const int64_t unitBlocks = unitKBlocks(c, p);
    // The work of the range's largest M (of its smallest where unbounded).
    const int64_t units = workUnits(c, p, c.mMax ? c.mMax : c.mMin);
    return c.blockN == s.maxN && warps && bits <= s.maxBits &&
           bits >= s.minBits &&
           (!s.laneQueue || (TileConfig::laneQueueTakes(bits) &&
                             target::hasAsyncCopies(p.chip.arch))) &&
           (s.maxSplit == 0 || c.splitK <= s.maxSplit) &&
           c.splitK >= s.minSplit &&
           (s.groupSums == Shape::GroupSums::Any ||
            (s.groupSums == Shape::GroupSums::With) == onSums) &&
           unitBlocks >= s.minUnitBlocks &&
           (s.maxUnitBlocks == 0 || unitBlocks <= s.maxUnitBlocks) &&
           (s.maxGroupUnitBlocks == 0 || !groupScales ||
            unitBlocks <= s.maxGroupUnitBlocks) &&
           (!s.noDecodeScales || !groupScales || onSums) &&
           (s.groupScales == Shape::GroupScales::Any ||
            (s.groupScales == Shape::GroupScales::Only) == groupScales) &&
           (!groupScales || p.weight.groupSize >= s.minGroupSize) &&
           (!groupScales || !s.maxGroupSize ||
            p.weight.groupSize <= s.maxGroupSize) &&
           (s.maxWaves == 0 || units <= s.maxWaves * sms * c.ctasPerSm) &&
           (s.onlyArch == 0 || p.chip.arch.version == s.onlyArch) &&
           (!s.narrowOnly || nPad % (2 * c.blockN) != 0) &&
           (!s.columnsInOneWave ||
            (nPad + c.blockN - 1) / c.blockN <= sms * c.ctasPerSm) &&
           units > s.beyondCtas * sms &&
           (!s.keepUnsplit || 2 * units <= sms * c.ctasPerSm) &&
           units * s.fillDen >= s.fillNum * sms * c.ctasPerSm &&
           // (Even at 2 stages: a lane queue of 8-bit codes and group
           // scales at 16 warps on a 99 KB chip.)
           sharedMemoryBytes(c, p, bits) <= ctaSmemLimit(c);
  };
  std::vector<TileConfig> table;
  for (const Range &r : ranges) {
    // The first shape that applies (none applies: the last one), except
    // that shapes with a k-block time compete: of those that apply before
    // the first untimed one that does, the least estimateMicros.
    TileConfig c;
    const Shape *from = nullptr;
    double best = 0;
    bool found = false;
    for (const Shape &s : r.shapes) {
      TileConfig t = configure(r, s);
      const bool ok = applies(s, t);
      if (!found)
        c = t, from = &s;
      if (!ok)
        continue;
      if (!s.kBlockMicros)
        break;
      const double v = estimateMicros(t, p, s.kBlockMicros);
      if (!found || v < best)
        c = t, from = &s, best = v;
      found = true;
    }
    // Where no shape fits the CTA's shared memory even at 2 stages (a small
    // smem= target; odd code widths with group scales and zero points),
    // halve the rows of the one taken until it fits, rather than plan a
    // kernel that humming-select-pipeline must refuse.
    if (from && !from->wgmma && !from->registerStream) {
      Shape s = *from;
      while (s.blockM > 16 &&
             sharedMemoryBytes(c, p, bits) > ctaSmemLimit(c)) {
        s.blockM /= 2;
        s.warpsM = std::clamp<int64_t>(s.blockM / 16, 1, s.warpsM);
        TileConfig t = configure(r, s);
        if (dispatchEntryProblem(t, p, bits))
          break;
        c = t;
      }
    }
    if (r.swapRows && !c.wgmma && c.blockM == 16 && c.warpsM == 1) {
      c.blockM = 8;
      c.swapAB = true;
    }
    // Stream-K (TileConfig::streamK) is not chosen here: at 28672 x 4096,
    // where 112-224 units leave 15 % of the SMs idle, it measured slower
    // than these units at every M (bench/NOTES.md, section 8); it stays
    // available to hand-written and autotuned tables.
    // A range that came out the same kernel as the one before it widens
    // that one instead: one kernel fewer to compile.
    if (!table.empty() && sameKernelShape(table.back(), c))
      table.back().mMax = c.mMax;
    else
      table.push_back(c);
  }
  return table;
}

std::string humming::kernel::dispatchKernelName(const std::string &prefix,
                                               int64_t mMin) {
  return prefix + "_m" + std::to_string(mMin);
}

std::string humming::kernel::kernelPrefixOf(const std::string &dispatchKernel) {
  return dispatchKernel.substr(0, dispatchKernel.rfind("_m"));
}

int64_t humming::kernel::workUnits(const TileConfig &c, const GemmProblem &p,
                                   int64_t m) {
  return ceilDiv(m, c.blockM) * (paddedN(p.n) / c.blockN) * c.splitK;
}

bool humming::kernel::oneUnitPerCta(const TileConfig &c,
                                    const GemmProblem &p) {
  return !c.streamK && c.mMax > 0 &&
         workUnits(c, p, c.mMax) <= p.chip.smCount * c.ctasPerSm;
}

int64_t humming::kernel::unitKBlocks(const TileConfig &c,
                                     const GemmProblem &p) {
  return ceilDiv(paddedK(p.k) / kBlockK, c.splitK);
}

namespace {
/// Stream-K: the k-blocks of one M tile (all its N tiles).
int64_t streamKBlocksPerMTile(const TileConfig &c, const GemmProblem &p) {
  return (paddedN(p.n) / c.blockN) * (paddedK(p.k) / kBlockK);
}
} // namespace

int64_t humming::kernel::gridSize(const TileConfig &c, const GemmProblem &p,
                                  int64_t m) {
  const int64_t slots = p.chip.smCount * c.ctasPerSm;
  if (c.clusterSplit) // every unit at once (MmaSyncKernel checks they fit)
    return workUnits(c, p, m);
  if (!c.streamK)
    return std::max<int64_t>(1, std::min(workUnits(c, p, m), slots));
  // Stream-K runs the M tiles side by side (a multiple of mTiles CTAs, CTA
  // i on M tile i % mTiles), each M tile's CTAs streaming its N tiles' k-
  // blocks, so the CTAs that read the same weights do it at the same time.
  const int64_t mTiles = ceilDiv(m, c.blockM);
  const int64_t ctas = std::min(slots / mTiles,
                                streamKBlocksPerMTile(c, p) / kStreamKMinBlocks);
  return mTiles * std::max<int64_t>(ctas, 1);
}

int64_t humming::kernel::partialSlots(const TileConfig &c,
                                      const GemmProblem &p, int64_t m) {
  if (!c.streamK)
    return c.splitK;
  // An M tile's CTAs each stream at least floor(perM / ctas) k-blocks, so
  // at most ceil(kBlocks / that) + 1 of them meet one tile.
  const int64_t kBlocks = paddedK(p.k) / kBlockK;
  const int64_t ctas = gridSize(c, p, m) / ceilDiv(m, c.blockM);
  const int64_t each = std::max<int64_t>(streamKBlocksPerMTile(c, p) / ctas, 1);
  return std::min(ceilDiv(kBlocks, each) + 1, ctas);
}

int64_t humming::kernel::workspaceBytes(const TileConfig &c,
                                        const GemmProblem &p, int64_t m) {
  if (!reducesPartials(c))
    return 0;
  auto bytes = [&](int64_t mi) {
    return partialSlots(c, p, mi) * ceilDiv(mi, c.blockM) * c.blockM *
           paddedN(p.n) * 4;
  };
  if (!c.streamK) // a fixed slot count: the largest M needs the most
    return bytes(m);
  // Stream-K's slots grow as M tiles (and so CTAs per M tile) shrink.
  int64_t most = 0;
  for (int64_t mi = std::max<int64_t>(c.mMin, 1); mi <= m; ++mi)
    most = std::max(most, bytes(mi));
  return most;
}

int64_t humming::kernel::counterCount(const TileConfig &c,
                                      const GemmProblem &p, int64_t m) {
  if (!reducesPartials(c))
    return 0;
  return 2 * ceilDiv(m, c.blockM) * (paddedN(p.n) / c.blockN);
}
