//===- HummingAttrs.cpp - humming attributes ------------------------------===//
//
// Attribute verifiers delegate to the format and target libraries so that a
// legality rule is written once and shared with the runtime.
//
//===----------------------------------------------------------------------===//

#include "humming/Dialect/Humming/IR/HummingAttrs.h"
#include "humming/Dialect/Humming/IR/HummingDialect.h"
#include "humming/Kernel/IterationKBlocks.h"
#include "humming/Target/Capability.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::humming;
namespace fmt = ::humming::format;
namespace tgt = ::humming::target;

// The IR enums spell the library enums; keep their values identical.
static_assert(int(ScaleGranularity::tensor) == int(fmt::ScaleGranularity::Tensor));
static_assert(int(ScaleGranularity::block) == int(fmt::ScaleGranularity::Block));
static_assert(int(ZeroPointKind::floating) == int(fmt::ZeroPointKind::Float));
static_assert(int(SecondaryScaleKind::channel) ==
              int(fmt::SecondaryScale::Channel));
static_assert(int(ActivationScaleGranularity::tensor) ==
              int(fmt::ActivationScaleGranularity::Tensor));
static_assert(int(PipelineKind::tcgen05) == int(tgt::PipelineKind::Tcgen05));

#include "humming/Dialect/Humming/IR/HummingEnums.cpp.inc"

//===----------------------------------------------------------------------===//
// Parameter parsers and printers
//===----------------------------------------------------------------------===//

FailureOr<fmt::NumericFormat> mlir::humming::parseNumericFormat(AsmParser &p) {
  SMLoc loc = p.getCurrentLocation();
  std::string name;
  if (failed(p.parseOptionalKeywordOrString(&name)))
    return p.emitError(loc, "expected a numeric format name (uint4, int8, "
                            "float8e4m3, float16, ...)");
  std::string error;
  std::optional<fmt::NumericFormat> f = fmt::NumericFormat::parse(name, &error);
  if (!f)
    return p.emitError(loc, "invalid numeric format '") << name << "': "
                                                          << error;
  return *f;
}

FailureOr<tgt::Arch> mlir::humming::parseArch(AsmParser &p) {
  SMLoc loc = p.getCurrentLocation();
  std::string name;
  if (failed(p.parseOptionalKeywordOrString(&name)))
    return p.emitError(loc, "expected an architecture such as sm_90a");
  std::string error;
  std::optional<tgt::Arch> arch = tgt::Arch::parse(name, &error);
  if (!arch)
    return p.emitError(loc, error);
  return *arch;
}

FailureOr<SmallVector<int64_t>> mlir::humming::parseI64List(AsmParser &p) {
  SmallVector<int64_t> values;
  if (failed(p.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&]() {
        int64_t v;
        if (failed(p.parseInteger(v)))
          return failure();
        values.push_back(v);
        return success();
      })))
    return failure();
  return values;
}

void mlir::humming::printI64List(AsmPrinter &p, ArrayRef<int64_t> values) {
  p << '[';
  llvm::interleaveComma(values, p);
  p << ']';
}

Type mlir::humming::getElementTypeFor(MLIRContext *ctx,
                                      const fmt::NumericFormat &f) {
  Builder b(ctx);
  if (f == fmt::NumericFormat::f32()) return b.getF32Type();
  if (f == fmt::NumericFormat::f16()) return b.getF16Type();
  if (f == fmt::NumericFormat::bf16()) return b.getBF16Type();
  if (f == fmt::NumericFormat::e4m3()) return b.getType<Float8E4M3FNType>();
  if (f == fmt::NumericFormat::e5m2()) return b.getType<Float8E5M2Type>();
  if (f == fmt::NumericFormat::ue8m0()) return b.getType<Float8E8M0FNUType>();
  if (f == fmt::NumericFormat::e2m1()) return b.getType<Float4E2M1FNType>();
  if (f.kind() == fmt::FormatKind::Int) return b.getIntegerType(f.bits());
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Verifiers
//===----------------------------------------------------------------------===//

static LogicalResult reportIfError(function_ref<InFlightDiagnostic()> emitError,
                                   const std::optional<std::string> &error) {
  if (error)
    return emitError() << *error;
  return success();
}

static fmt::WeightScheme
makeWeightScheme(fmt::NumericFormat format, ScaleGranularity scale,
                 int64_t groupSize, ArrayRef<int64_t> block,
                 fmt::NumericFormat scaleType, ZeroPointKind zeroPoint,
                 bool implicitZero, SecondaryScaleKind secondary,
                 fmt::NumericFormat secondaryType) {
  fmt::WeightScheme s;
  s.format = format;
  s.scale = fmt::ScaleGranularity(int(scale));
  s.groupSize = groupSize;
  if (block.size() == 2) {
    s.blockN = block[0];
    s.blockK = block[1];
  }
  s.scaleFormat = scaleType;
  s.zeroPoint = fmt::ZeroPointKind(int(zeroPoint));
  s.implicitZero = implicitZero;
  s.secondary = fmt::SecondaryScale(int(secondary));
  s.secondaryFormat = secondaryType;
  return s;
}

fmt::WeightScheme WeightSchemeAttr::toScheme() const {
  return makeWeightScheme(getFormat(), getScale(), getGroupSize(), getBlock(),
                          getScaleType(), getZeroPoint(), getImplicitZero(),
                          getSecondary(), getSecondaryType());
}

LogicalResult WeightSchemeAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, fmt::NumericFormat format,
    ScaleGranularity scale, int64_t groupSize, ArrayRef<int64_t> block,
    fmt::NumericFormat scaleType, ZeroPointKind zeroPoint, bool implicitZero,
    SecondaryScaleKind secondary, fmt::NumericFormat secondaryType) {
  if (!block.empty() && block.size() != 2)
    return emitError() << "block must have two extents [N, K], got "
                       << block.size();
  if (scale == ScaleGranularity::block && block.empty())
    return emitError() << "block scales need 'block = [N, K]'";
  return reportIfError(
      emitError,
      fmt::validate(makeWeightScheme(format, scale, groupSize, block,
                                     scaleType, zeroPoint, implicitZero,
                                     secondary, secondaryType)));
}

static fmt::ActivationScheme
makeActivationScheme(fmt::NumericFormat format,
                     ActivationScaleGranularity scale, int64_t groupSize,
                     fmt::NumericFormat scaleType) {
  fmt::ActivationScheme s;
  s.format = format;
  s.scale = fmt::ActivationScaleGranularity(int(scale));
  s.groupSize = groupSize;
  s.scaleFormat = scaleType;
  return s;
}

fmt::ActivationScheme ActivationSchemeAttr::toScheme() const {
  return makeActivationScheme(getFormat(), getScale(), getGroupSize(),
                              getScaleType());
}

LogicalResult ActivationSchemeAttr::verify(
    function_ref<InFlightDiagnostic()> emitError, fmt::NumericFormat format,
    ActivationScaleGranularity scale, int64_t groupSize,
    fmt::NumericFormat scaleType) {
  return reportIfError(emitError, fmt::validate(makeActivationScheme(
                                      format, scale, groupSize, scaleType)));
}

LogicalResult LayerAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                int64_t n, int64_t k, int64_t experts,
                                int64_t padN, int64_t padK, bool bias) {
  if (n <= 0 || k <= 0)
    return emitError() << "layer extents must be positive, got n = " << n
                       << ", k = " << k;
  if (experts < 0)
    return emitError() << "expert count must be >= 0, got " << experts;
  if (padN < 0 || padK < 0)
    return emitError() << "padding must be >= 0, got pad_n = " << padN
                       << ", pad_k = " << padK;
  return success();
}

static bool isPowerOf2(int64_t v) { return v > 0 && (v & (v - 1)) == 0; }

LogicalResult TuningAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 ArrayRef<int64_t> block,
                                 ArrayRef<int64_t> warp, int64_t stages,
                                 PipelineKind pipeline, bool tma, bool cpAsync,
                                 bool warpSpecialized, PartitionKind partition,
                                 int64_t ctasPerSm, int64_t multicast,
                                 bool swapAB, bool fragmentScales,
                                 bool registerStream, bool laneQueue,
                                 int64_t l2Prefetch, bool activationsL1,
                                 int64_t kBlocksPerIteration) {
  if (block.size() != 3 || warp.size() != 3)
    return emitError() << "tuning needs block = [bm, bn, bk] and warp = "
                          "[wm, wn, wk], got "
                       << block.size() << " and " << warp.size() << " extents";
  for (int i = 0; i < 3; ++i) {
    if (block[i] <= 0 || warp[i] <= 0)
      return emitError() << "tile extents must be positive";
    if (block[i] % warp[i] != 0)
      return emitError() << "warp tile extent " << warp[i]
                         << " does not divide block tile extent " << block[i]
                         << " (dimension " << "MNK"[i] << ")";
  }
  // mma.sync warps may also split a stage's K (summed in shared memory);
  // warpgroup MMAs take the whole stage.
  if (pipeline != PipelineKind::mma_sync && warp[2] != block[2])
    return emitError() << stringifyPipelineKind(pipeline)
                       << " splits M and N only: warp K extent " << warp[2]
                       << " must equal block K extent " << block[2];
  // The register-stream loop's warps take whole k-blocks in turn; the warp
  // K extent only counts them.
  if (warp[2] % 16 != 0 && !registerStream)
    return emitError() << "warp K extent " << warp[2]
                       << " is not a multiple of 16";
  int64_t warps =
      (block[0] / warp[0]) * (block[1] / warp[1]) * (block[2] / warp[2]);
  int64_t unit = pipeline == PipelineKind::mma_sync ? 1 : 4;
  // A warpgroup MMA is 64 rows of its A operand by 8..256 columns of its B.
  // The activations may be A (warp M a multiple of 64), or the weights may
  // be ("swap AB", what the wgmma builder emits for small M): warp N a
  // multiple of 64 and warp M, the MMA's N, a multiple of 8 up to 256.
  if (pipeline != PipelineKind::mma_sync && warp[0] % 64 != 0 &&
      !(warp[1] % 64 == 0 && warp[0] % 8 == 0 && warp[0] <= 256))
    return emitError() << stringifyPipelineKind(pipeline)
                       << " computes per warpgroup: a warp tile of "
                       << warp[0] << " x " << warp[1]
                       << " (M x N) needs M a multiple of 64, or (weights "
                          "as the A operand) N a multiple of 64 and M a "
                          "multiple of 8 up to 256";
  if (warps * unit > 32)
    return emitError() << "block tile needs " << warps * unit
                       << " warps, more than 32 (1024 threads)";
  if (stages < 1 || stages > 32)
    return emitError() << "stages must be in [1, 32], got " << stages;
  if (warpSpecialized && pipeline == PipelineKind::mma_sync && !tma)
    return emitError() << "warp_specialized needs tma producers";
  if (ctasPerSm < 1 || ctasPerSm > 32)
    return emitError() << "ctas_per_sm must be in [1, 32], got " << ctasPerSm;
  if (multicast < 1 || !isPowerOf2(multicast) || multicast > 16)
    return emitError() << "multicast must be a power of two in [1, 16], got "
                       << multicast;
  if (multicast > 1 && !tma)
    return emitError() << "multicast " << multicast << " needs tma";
  // The swapped mma.sync's B operand is n8: 8 activation rows, one or two
  // per warp.
  if (swapAB && (pipeline != PipelineKind::mma_sync ||
                 (warp[0] != 8 && warp[0] != 16)))
    return emitError() << "swap_ab (weights as the A operand) is for "
                          "mma_sync with warp M extent 8 or 16, not "
                       << stringifyPipelineKind(pipeline)
                       << " with warp M extent " << warp[0];
  if (registerStream && (!swapAB || tma || cpAsync != laneQueue ||
                         warpSpecialized))
    return emitError() << "register_stream is the swap_ab mma_sync loop "
                          "without tile stages (no tma or warp_specialized; "
                          "cp_async only with lane_queue, its operands "
                          "queued per lane in shared memory)";
  if (laneQueue && !registerStream)
    return emitError() << "lane_queue is a form of register_stream";
  if (l2Prefetch < 0 || l2Prefetch > 16 ||
      (l2Prefetch && (!registerStream || laneQueue)))
    return emitError() << "l2_prefetch (0..16 rounds) is the register_stream "
                          "loop's without lane_queue, got "
                       << l2Prefetch
                       << (!registerStream ? " without register_stream"
                           : laneQueue     ? " with lane_queue"
                                           : "");
  if (activationsL1 && (tma || (registerStream && !laneQueue)))
    return emitError() << "activations_l1 caches the cp_async activation "
                          "copies in L1; "
                       << (tma ? "tma copies do not go through L1"
                               : "register_stream without lane_queue loads "
                                 "its activations into registers (already "
                                 "through L1)");
  if (kBlocksPerIteration != 0 && registerStream)
    return emitError() << "k_blocks_per_iteration " << kBlocksPerIteration
                       << " is for staged loops, not register_stream (its "
                          "iterations are rounds)";
  if (kBlocksPerIteration != 0 &&
      !::humming::kernel::iterationKBlocksFit(kBlocksPerIteration, stages))
    return emitError() << "k_blocks_per_iteration " << kBlocksPerIteration
                       << " must be " << ::humming::kernel::kIterationKBlocksRule
                       << ", got stages = " << stages;
  return success(); // every partition kind suits every tile

}

LogicalResult TargetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                 StringRef chip, tgt::Arch arch, int64_t sms,
                                 int64_t smem, int64_t l2, int64_t bandwidth,
                                 int64_t f16, int64_t fp8, int64_t int8,
                                 int64_t fp4) {
  if (sms < 0 || smem < 0 || l2 < 0 || bandwidth < 0 || f16 < 0 || fp8 < 0 ||
      int8 < 0 || fp4 < 0)
    return emitError() << "target resources and rates must be >= 0";
  if (auto known = tgt::lookupChip(chip)) {
    if (!(known->arch == arch))
      return emitError() << "chip '" << chip << "' is " << known->arch.name()
                         << ", not " << arch.name();
  }
  return success();
}

TargetAttr TargetAttr::getKnown(MLIRContext *ctx, StringRef name) {
  std::optional<tgt::ChipDesc> c = tgt::lookupChip(name);
  if (!c)
    return nullptr;
  return TargetAttr::get(ctx, c->name, c->arch, c->smCount, c->smemPerBlock,
                         c->l2Bytes, c->memoryBandwidthGBps, c->peakF16Tflops,
                         c->peakFp8Tflops, c->peakInt8Tops, c->peakFp4Tflops);
}

LogicalResult
WeightLayoutAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                         WeightLayoutKind kind, ArrayRef<int64_t> tile) {
  if (kind == WeightLayoutKind::standard) {
    if (!tile.empty())
      return emitError() << "the standard layout takes no tile";
    return success();
  }
  if (tile.size() != 2)
    return emitError() << "a kernel layout needs tile = [tn, tk]";
  if (tile[0] <= 0 || tile[1] <= 0 || tile[0] % 8 != 0 || tile[1] % 16 != 0)
    return emitError() << "layout tile [" << tile[0] << ", " << tile[1]
                       << "] must be positive multiples of [8, 16]";
  return success();
}

//===----------------------------------------------------------------------===//
// Generated definitions
//===----------------------------------------------------------------------===//

#define GET_ATTRDEF_CLASSES
#include "humming/Dialect/Humming/IR/HummingAttrs.cpp.inc"

void HummingDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "humming/Dialect/Humming/IR/HummingAttrs.cpp.inc"
      >();
}
