//===- AttachNVVMTarget.cpp - humming-attach-nvvm-target -------------------===//

#include "humming/Target/Arch.h"
#include "humming/Transforms/Passes.h"
#include "humming/Transforms/PlanAttrs.h"

#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/TargetParser/Triple.h"

#include <memory>
#include <mutex>

// The NVPTX backend's registration (the MLIR NVVM target links it).
extern "C" void LLVMInitializeNVPTXTargetInfo();
extern "C" void LLVMInitializeNVPTXTargetMC();

namespace mlir::humming {
#define GEN_PASS_DEF_HUMMINGATTACHNVVMTARGET
#include "humming/Transforms/Passes.h.inc"
} // namespace mlir::humming

using namespace mlir;
using namespace mlir::humming;

namespace {
/// Whether LLVM's NVPTX backend knows `feature` ("+ptx88") for `cpu`. It
/// ignores an unknown feature with only a warning on stderr and writes PTX
/// of its default version, so an unknown one is refused here instead; `known`
/// lists the ones it has. True when there is no NVPTX backend to ask (the
/// binary serialization then reports that itself).
bool nvptxKnowsFeature(const std::string &feature, const std::string &cpu,
                       std::string &known) {
  static std::once_flag registered;
  std::call_once(registered, [] {
    LLVMInitializeNVPTXTargetInfo();
    LLVMInitializeNVPTXTargetMC();
  });
  llvm::Triple triple("nvptx64-nvidia-cuda");
  std::string error;
  const llvm::Target *t = llvm::TargetRegistry::lookupTarget(triple, error);
  if (!t)
    return true;
  std::unique_ptr<llvm::MCSubtargetInfo> info(
      t->createMCSubtargetInfo(triple, cpu, ""));
  if (!info)
    return true;
  llvm::StringRef name = llvm::StringRef(feature).drop_front(); // the '+'
  bool found = false;
  for (const llvm::SubtargetFeatureKV &kv : info->getAllProcessorFeatures()) {
    llvm::StringRef key(kv.Key);
    if (!key.starts_with("ptx"))
      continue;
    found |= key == name;
    known += (known.empty() ? "" : ", ") + key.str();
  }
  return found;
}

struct AttachNVVMTarget
    : public mlir::humming::impl::HummingAttachNVVMTargetBase<
          AttachNVVMTarget> {
  using HummingAttachNVVMTargetBase::HummingAttachNVVMTargetBase;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    auto target =
        module->getAttrOfType<TargetAttr>(HummingDialect::getTargetAttrName());
    if (!target) {
      mlir::emitError(module.getLoc(),
                      "humming-attach-nvvm-target: the module has no "
                      "humming.target");
      return signalPassFailure();
    }
    // The requested PTX version, raised to what the arch needs (the default
    // +ptx80 is too old for sm_100 and later, and LLVM would abort).
    std::string error;
    auto feature =
        ::humming::target::ptxFeatureFor(target.getArch(), ptx, &error);
    if (!feature) {
      mlir::emitError(module.getLoc(), "humming-attach-nvvm-target: ") << error;
      return signalPassFailure();
    }
    std::string known;
    if (!nvptxKnowsFeature(*feature, target.getArch().name(), known)) {
      mlir::emitError(module.getLoc(),
                      "humming-attach-nvvm-target: PTX feature '")
          << *feature << "' is not one LLVM's NVPTX backend knows (" << known
          << ")";
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
