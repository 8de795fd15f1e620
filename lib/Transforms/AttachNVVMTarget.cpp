//===- AttachNVVMTarget.cpp - humming-attach-nvvm-target -------------------===//

#include "humming/Transforms/Passes.h"
#include "humming/Transforms/PlanAttrs.h"

namespace mlir::humming {
#define GEN_PASS_DEF_HUMMINGATTACHNVVMTARGET
#include "humming/Transforms/Passes.h.inc"
} // namespace mlir::humming

using namespace mlir;
using namespace mlir::humming;

namespace {
struct AttachNVVMTarget
    : public mlir::humming::impl::HummingAttachNVVMTargetBase<AttachNVVMTarget> {
  using HummingAttachNVVMTargetBase::HummingAttachNVVMTargetBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto target =
        module->getAttrOfType<TargetAttr>(HummingDialect::getTargetAttrName());
    if (!target) {
      module.emitError("humming-attach-nvvm-target: the module has no "
                       "humming.target");
      return signalPassFailure();
    }
    auto nvvm = NVVM::NVVMTargetAttr::get(&getContext(), optLevel,
                                          "nvptx64-nvidia-cuda",
                                          target.getArch().name(), ptx);
    module.walk([&](gpu::GPUModuleOp m) {
      m.setTargetsAttr(ArrayAttr::get(&getContext(), {nvvm}));
    });
  }
};
} // namespace
