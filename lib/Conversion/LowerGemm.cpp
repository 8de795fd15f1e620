//===- LowerGemm.cpp - humming-lower-gemm ----------------------------------===//
//
// Reads the decisions recorded by the earlier passes (humming.decode,
// humming.dequant, humming.dispatch) and builds one kernel per dispatch entry
// with the mma.sync kernel builder, into a gpu.module per GEMM.
//
//===----------------------------------------------------------------------===//

#include "humming/Conversion/MmaSyncKernel.h"
#include "humming/Conversion/RepackKernel.h"
#include "humming/Kernel/EntryRules.h"
#include "humming/Target/Capability.h"
#include "humming/Transforms/Passes.h"
#include "humming/Transforms/PlanAttrs.h"

namespace mlir::humming {
#define GEN_PASS_DEF_HUMMINGLOWERGEMM
#include "humming/Transforms/Passes.h.inc"
} // namespace mlir::humming

using namespace mlir;
using namespace mlir::humming;
namespace hk = ::humming::kernel;

namespace {
struct LowerGemm : public mlir::humming::impl::HummingLowerGemmBase<LowerGemm> {
  using HummingLowerGemmBase::HummingLowerGemmBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<GemmOp> gemms;
    module.walk([&](GemmOp op) { gemms.push_back(op); });
    for (GemmOp op : gemms) {
      auto decode = op->getAttrOfType<DecodeAttr>(kDecodeAttrName);
      auto dequant = op->getAttrOfType<DequantAttr>(kDequantAttrName);
      auto dispatch = op->getAttrOfType<ArrayAttr>(kDispatchAttrName);
      if (!decode || !dequant || !dispatch) {
        op.emitOpError("needs humming.decode, humming.dequant and "
                       "humming.dispatch: run the earlier humming passes "
                       "first");
        return signalPassFailure();
      }
      FailureOr<hk::GemmProblem> p = problemFor(op);
      if (failed(p))
        return signalPassFailure();
      // Re-check legality: the attributes may have been written by hand.
      std::string error;
      if (!hk::planDecode(*p, &error)) {
        op.emitOpError("cannot be compiled: ") << error;
        return signalPassFailure();
      }
      if (entry >= int(dispatch.size()) || entry < -2) {
        op.emitOpError("has ") << dispatch.size()
                               << " dispatch entries; entry=" << int64_t(entry)
                               << " is out of range";
        return signalPassFailure();
      }
      auto first = dyn_cast<DispatchEntryAttr>(dispatch[0]);
      if (!first) {
        op.emitOpError("humming.dispatch must hold #humming.dispatch_entry");
        return signalPassFailure();
      }
      std::string base = hk::kernelPrefixOf(first.getKernel().str());
      std::string name = base + "_kernels";

      OpBuilder b(module.getBodyRegion());
      b.setInsertionPointToEnd(module.getBody());
      auto gpuModule = gpu::GPUModuleOp::create(b, op.getLoc(), name);
      for (auto [i, attr] : llvm::enumerate(dispatch)) {
        if (entry == -2 || (entry >= 0 && int(i) != entry))
          continue;
        auto e = dyn_cast<DispatchEntryAttr>(attr);
        if (!e) {
          op.emitOpError("humming.dispatch must hold #humming.dispatch_entry");
          return signalPassFailure();
        }
        // The builders emit staged pipelines with mma.sync or wgmma
        // compute (wgmma also warp-specialized: a producer warpgroup
        // copies), or the swapped mma.sync register-stream loop, without TMA
        // or multicast; their copies are cp.async where the target has it
        // and through registers where not (sm_75). A tuning asking for
        // anything else is refused rather than silently built otherwise.
        TuningAttr t = e.getTuning();
        hk::TileConfig tile = fromAttr(e);
        const bool async = ::humming::target::hasAsyncCopies(p->chip.arch);
        if (t.getPipeline() == PipelineKind::tcgen05 || t.getTma() ||
            t.getCpAsync() != tuningCpAsync(tile, async) ||
            (t.getWarpSpecialized() &&
             t.getPipeline() != PipelineKind::wgmma) ||
            t.getMulticast() != 1) {
          op.emitOpError("dispatch entry ")
              << i << " (" << e.getKernel() << ") asks for " << t
              << "; the kernel builders emit staged pipelines with "
                 "mma_sync or wgmma compute (warp_specialized: wgmma only) "
                 "or the mma_sync register_stream loop, without tma or "
                 "multicast, their stages copied with cp_async on "
              << p->chip.arch.name()
              << (async ? "" : " (none: through registers)");
          return signalPassFailure();
        }
        // A table written by hand must agree with its tunings: the runtime
        // launches with its threads and shared memory.
        int64_t smem = hk::sharedMemoryBytes(tile, *p, unsigned(decode.getBits()));
        if (e.getThreads() != tile.threads() || e.getSmem() != smem) {
          op.emitOpError("dispatch entry ")
              << i << " (" << e.getKernel() << ") says threads = "
              << e.getThreads() << ", smem = " << e.getSmem()
              << "; its tuning needs threads = " << tile.threads()
              << ", smem = " << smem;
          return signalPassFailure();
        }
        // Shared memory and the split-K workspace (EntryRules.h); the
        // builder checks the rest.
        if (auto why = hk::launchProblem(tile, *p, unsigned(decode.getBits()))) {
          op.emitOpError("dispatch entry ")
              << i << " (" << e.getKernel() << ") " << *why;
          return signalPassFailure();
        }
        ::humming::MmaSyncKernelSpec spec{*p, fromAttr(decode), fromAttr(dequant),
                               tile, e.getKernel().str()};
        if (failed(::humming::buildMmaSyncKernel(gpuModule, spec)))
          return signalPassFailure();
      }
      if (entry < 0)
        ::humming::buildRepackKernels(
            gpuModule, {*p, fromAttr(decode), fromAttr(dequant)}, base);
      op->setAttr(kKernelsAttrName,
                  SymbolRefAttr::get(gpuModule.getSymNameAttr()));
    }
    if (!gemms.empty())
      module->setAttr(gpu::GPUDialect::getContainerModuleAttrName(),
                      UnitAttr::get(&getContext()));
  }
};
} // namespace
