//===- SelectPipeline.cpp - humming-select-pipeline ------------------------===//

#include "humming/Kernel/EntryRules.h"
#include "humming/Target/Capability.h"
#include "humming/Transforms/Passes.h"
#include "humming/Transforms/PlanAttrs.h"

#include "llvm/ADT/StringExtras.h"

namespace mlir::humming {
#define GEN_PASS_DEF_HUMMINGSELECTPIPELINE
#include "humming/Transforms/Passes.h.inc"
} // namespace mlir::humming

using namespace mlir;
using namespace mlir::humming;
namespace hk = ::humming::kernel;

namespace {
struct SelectPipeline
    : public mlir::humming::impl::HummingSelectPipelineBase<SelectPipeline> {
  using HummingSelectPipelineBase::HummingSelectPipelineBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    if (!target.empty() && failed(attachTarget(module, target)))
      return signalPassFailure();
    bool failed = false;
    unsigned index = 0;
    module.walk([&](GemmOp op) {
      auto decode = op->getAttrOfType<DecodeAttr>(kDecodeAttrName);
      if (!decode || !op->getAttrOfType<DequantAttr>(kDequantAttrName)) {
        op.emitOpError("needs humming.decode and humming.dequant: run "
                       "humming-decode-formats and humming-fuse-dequant "
                       "first");
        failed = true;
        return;
      }
      FailureOr<hk::GemmProblem> p = problemFor(op);
      if (mlir::failed(p)) {
        failed = true;
        return;
      }
      unsigned bits = unsigned(decode.getBits());
      // A table already there (written by hand or by an autotuner) is kept:
      // the pass only plans what has no plan. The verifier has checked each
      // entry's tuning; here each is checked against what the kernel
      // builders and the launch take (EntryRules.h), so that a bad entry is
      // refused now rather than when its kernel is built, after the others.
      if (auto table = op->getAttrOfType<ArrayAttr>(kDispatchAttrName)) {
        for (auto [i, attr] : llvm::enumerate(table)) {
          auto e = dyn_cast<DispatchEntryAttr>(attr);
          if (!e)
            continue; // (the dialect verifier refuses such a table)
          if (auto why = hk::dispatchEntryProblem(fromAttr(e), *p, bits)) {
            op.emitOpError("dispatch entry ")
                << i << " (" << e.getKernel() << "): " << *why;
            failed = true;
            return;
          }
        }
        ++index;
        return;
      }
      // Kernel symbols: <function>_<gemm index>_m<mMin>.
      std::string base = "gemm";
      if (auto fn = op->getParentOfType<FunctionOpInterface>())
        base = fn.getName().str();
      base += "_" + std::to_string(index++);
      SmallVector<Attribute> entries;
      for (const hk::TileConfig &c : hk::selectTiles(*p, bits)) {
        int64_t smem = hk::sharedMemoryBytes(c, *p, bits);
        if (smem > hk::sharedMemoryLimit(p->chip)) {
          op.emitOpError("needs ") << smem << " bytes of shared memory for "
                                   << "M >= " << c.mMin << ", more than "
                                   << p->chip.name << " has";
          failed = true;
          return;
        }
        auto entry = toAttr([&] { return op.emitOpError(); }, &getContext(), c,
                            smem, hk::dispatchKernelName(base, c.mMin),
                            ::humming::target::hasAsyncCopies(p->chip.arch));
        if (!entry) {
          failed = true;
          return;
        }
        entries.push_back(entry);
      }
      op->setAttr(kDispatchAttrName, ArrayAttr::get(&getContext(), entries));
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace
