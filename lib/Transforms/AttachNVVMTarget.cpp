//===- AttachNVVMTarget.cpp - humming-attach-nvvm-target -------------------===//

#include "humming/Transforms/Passes.h"
#include "humming/Transforms/PlanAttrs.h"
#include "humming/Target/Arch.h"

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
    // The requested PTX version, raised to what the arch needs (the default
    // +ptx80 is too old for sm_100 and later, and LLVM would abort).
    std::string error;
    auto feature = ::humming::target::ptxFeatureFor(target.getArch(), ptx, &error);
    if (!feature) {
      module.emitError("humming-attach-nvvm-target: ") << error;
      return signalPassFailure();
    }
    auto nvvm = NVVM::NVVMTargetAttr::get(&getContext(), optLevel,
                                          "nvptx64-nvidia-cuda",
                                          target.getArch().name(), *feature);
    module.walk([&](gpu::GPUModuleOp m) {
      m.setTargetsAttr(ArrayAttr::get(&getContext(), {nvvm}));
    });
  }
};
} // namespace
