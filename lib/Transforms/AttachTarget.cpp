//===- AttachTarget.cpp - humming-attach-target ----------------------------===//

#include "humming/Transforms/Passes.h"
#include "humming/Transforms/PlanAttrs.h"

namespace mlir::humming {
#define GEN_PASS_DEF_HUMMINGATTACHTARGET
#include "humming/Transforms/Passes.h.inc"
} // namespace mlir::humming

using namespace mlir;
using namespace mlir::humming;

namespace {
struct AttachTarget
    : public mlir::humming::impl::HummingAttachTargetBase<AttachTarget> {
  using HummingAttachTargetBase::HummingAttachTargetBase;
  void runOnOperation() override {
    if (target.empty()) {
      mlir::emitError(getOperation().getLoc(),
                      "humming-attach-target needs target=<chip or arch>");
      return signalPassFailure();
    }
    if (failed(attachTarget(getOperation(), target)))
      return signalPassFailure();
  }
};
} // namespace
