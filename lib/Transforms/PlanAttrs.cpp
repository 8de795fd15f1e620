//===- PlanAttrs.cpp - Kernel plans <-> humming attributes -----------------===//

#include "humming/Transforms/PlanAttrs.h"

#include "humming/Format/NumericFormat.h"

using namespace mlir;
using namespace mlir::humming;
namespace hk = ::humming::kernel;
namespace tgt = ::humming::target;

TargetAttr mlir::humming::resolveTarget(MLIRContext *ctx, StringRef name,
                                        std::string &error) {
  if (TargetAttr t = TargetAttr::getKnown(ctx, name))
    return t;
  std::string archError;
  std::optional<tgt::Arch> arch = tgt::Arch::parse(name.str(), &archError);
  if (!arch) {
    error = "unknown target '" + name.str() +
            "': expected a known chip (h200, a100, ...) or an arch (sm_80, "
            "sm_90a, ...)";
    return nullptr;
  }
  for (const tgt::ChipDesc &c : tgt::knownChips())
    if (c.arch == *arch)
      return TargetAttr::getKnown(ctx, c.name);
  // No known chip: the arch alone, with the SM count of the nearest
  // generation's flagship so the grid heuristics stay sensible.
  error = "no known chip has arch " + arch->name() +
          ": write a full #humming.target with its SM count";
  return nullptr;
}

LogicalResult mlir::humming::attachTarget(ModuleOp module, StringRef name) {
  std::string error;
  TargetAttr t = resolveTarget(module.getContext(), name, error);
  if (!t)
    return mlir::emitError(module.getLoc(), error); // no module dump as a note
  module->setAttr(HummingDialect::getTargetAttrName(), t);
  return success();
}

tgt::ChipDesc mlir::humming::toChipDesc(TargetAttr t) {
  tgt::ChipDesc c;
  c.name = t.getChip().str();
  c.arch = t.getArch();
  c.smCount = t.getSms();
  c.smemPerBlock = t.getSmemPerBlock();
  c.l2Bytes = t.getL2Bytes();
  c.memoryBandwidthGBps = t.getBandwidthGbps();
  c.peakF16Tflops = t.getPeakF16Tflops();
  c.peakFp8Tflops = t.getPeakFp8Tflops();
  c.peakInt8Tops = t.getPeakInt8Tops();
  c.peakFp4Tflops = t.getPeakFp4Tflops();
  return c;
}

FailureOr<hk::GemmProblem> mlir::humming::problemFor(GemmOp op) {
  TargetAttr target = getEffectiveTarget(op);
  if (!target)
    return op.emitOpError("has no target: set humming.target on the module "
                          "or run humming-attach-target{target=...}");
  hk::GemmProblem p;
  p.weight = op.getWeightScheme().toScheme();
  p.activation = op.getActivationScheme().toScheme();
  Type outTy = op.getResult().getType().getElementType();
  if (outTy.isF16())
    p.output = ::humming::format::NumericFormat::f16();
  else if (outTy.isBF16())
    p.output = ::humming::format::NumericFormat::bf16();
  else
    return op.emitOpError("result element type ")
           << outTy << " is not supported by the mma.sync pipeline "
           << "(float16 or bfloat16)";
  p.n = op.getLayer().getN();
  p.k = op.getLayer().getK();
  p.bias = op.getLayer().getBias();
  if (op.getLayer().getPadN() || op.getLayer().getPadK())
    return op.emitOpError("pre-padded weights (pad_n / pad_k) are not "
                          "supported by the mma.sync pipeline; the repack "
                          "pads");
  if (op.getCompute() && op.getCompute()->getF16Accumulation())
    return op.emitOpError("f16_accumulation is not supported by the "
                          "mma.sync pipeline (it accumulates in fp32)");
  p.chip = toChipDesc(target);
  return p;
}

DecodeAttr mlir::humming::toAttr(MLIRContext *ctx, const hk::DecodePlan &d) {
  return DecodeAttr::get(ctx, static_cast<DecodeStrategy>(d.strategy), d.bits,
                         d.flipSign, int64_t(d.constantSubtract),
                         int64_t(d.zeroPointOffset), d.exponentOffset);
}

hk::DecodePlan mlir::humming::fromAttr(DecodeAttr a) {
  hk::DecodePlan d;
  d.strategy = static_cast<hk::DecodeStrategy>(a.getStrategy());
  d.bits = unsigned(a.getBits());
  d.flipSign = a.getFlipSign();
  d.constantSubtract = double(a.getSubtract());
  d.zeroPointOffset = double(a.getZeroOffset());
  d.exponentOffset = int(a.getExponentOffset());
  return d;
}

DequantAttr mlir::humming::toAttr(MLIRContext *ctx, const hk::DequantPlan &d) {
  return DequantAttr::get(ctx, static_cast<Placement>(d.zeroPoint),
                          static_cast<Placement>(d.scale),
                          static_cast<Placement>(d.bias));
}

hk::DequantPlan mlir::humming::fromAttr(DequantAttr a) {
  hk::DequantPlan d;
  d.zeroPoint = static_cast<hk::Placement>(a.getZeroPoint());
  d.scale = static_cast<hk::Placement>(a.getScale());
  d.bias = static_cast<hk::Placement>(a.getBias());
  return d;
}

bool mlir::humming::tuningCpAsync(const hk::TileConfig &c, bool asyncCopies) {
  return c.laneQueue || (asyncCopies && !c.registerStream);
}

DispatchEntryAttr
mlir::humming::toAttr(function_ref<InFlightDiagnostic()> emitError,
                      MLIRContext *ctx, const hk::TileConfig &c, int64_t smem,
                      StringRef kernel, bool asyncCopies) {
  // The attribute holds the warp tile (block / warps): a grid that does not
  // divide the block has none (64 warps along 16 rows gave 0, a division by
  // zero when read back).
  std::string why;
  if (!hk::warpGridDivides(c, &why)) {
    emitError() << why;
    return {};
  }
  auto tuning = TuningAttr::getChecked(
      emitError, ctx, {c.blockM, c.blockN, c.blockK},
      {c.blockM / c.warpsM, c.blockN / c.warpsN, c.blockK / c.warpsK}, c.stages,
      c.wgmma ? PipelineKind::wgmma : PipelineKind::mma_sync, /*tma=*/false,
      /*cp_async=*/tuningCpAsync(c, asyncCopies),
      /*warp_specialized=*/c.warpSpecialized,
      c.streamK        ? PartitionKind::stream_k
      : c.clusterSplit ? PartitionKind::cluster
      : c.splitK > 1   ? PartitionKind::striped
                       : PartitionKind::data_parallel,
      c.ctasPerSm, /*multicast=*/1, /*swap_ab=*/c.swapAB,
      /*fragment_scales=*/c.fragmentScales,
      /*register_stream=*/c.registerStream, /*lane_queue=*/c.laneQueue,
      /*l2_prefetch=*/c.l2PrefetchRounds, /*activations_l1=*/c.activationsL1,
      /*k_blocks_per_iteration=*/c.iterationKBlocks);
  if (!tuning)
    return {};
  // The entry itself has no verifier of its own (humming-lower-gemm checks
  // its threads and shared memory against the tuning).
  return DispatchEntryAttr::get(ctx, c.mMin, c.mMax, tuning, c.splitK,
                                c.threads(), smem, kernel);
}

hk::TileConfig mlir::humming::fromAttr(DispatchEntryAttr a) {
  hk::TileConfig c;
  TuningAttr t = a.getTuning();
  c.mMin = a.getMMin();
  c.mMax = a.getMMax();
  c.blockM = t.getBlock()[0];
  c.blockN = t.getBlock()[1];
  c.blockK = t.getBlock()[2];
  c.warpsM = t.getBlock()[0] / t.getWarp()[0];
  c.warpsN = t.getBlock()[1] / t.getWarp()[1];
  c.warpsK = t.getBlock()[2] / t.getWarp()[2];
  c.stages = t.getStages();
  c.splitK = a.getSplitK();
  c.streamK = t.getPartition() == PartitionKind::stream_k;
  c.clusterSplit = t.getPartition() == PartitionKind::cluster;
  c.ctasPerSm = t.getCtasPerSm();
  c.wgmma = t.getPipeline() == PipelineKind::wgmma;
  c.warpSpecialized = t.getWarpSpecialized();
  c.swapAB = t.getSwapAb();
  c.fragmentScales = t.getFragmentScales();
  c.registerStream = t.getRegisterStream();
  c.laneQueue = t.getLaneQueue();
  c.l2PrefetchRounds = t.getL2Prefetch();
  c.activationsL1 = t.getActivationsL1();
  c.iterationKBlocks = t.getKBlocksPerIteration();
  return c;
}
