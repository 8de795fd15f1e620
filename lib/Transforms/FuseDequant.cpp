//===- FuseDequant.cpp - humming-fuse-dequant ------------------------------===//

#include "humming/Transforms/Passes.h"
#include "humming/Transforms/PlanAttrs.h"

namespace mlir::humming {
#define GEN_PASS_DEF_HUMMINGFUSEDEQUANT
#include "humming/Transforms/Passes.h.inc"
} // namespace mlir::humming

using namespace mlir;
using namespace mlir::humming;

namespace {
struct FuseDequant
    : public mlir::humming::impl::HummingFuseDequantBase<FuseDequant> {
  void runOnOperation() override {
    bool failed = false;
    getOperation().walk([&](GemmOp op) {
      auto decode = op->getAttrOfType<DecodeAttr>(kDecodeAttrName);
      if (!decode) {
        op.emitOpError("has no humming.decode: run humming-decode-formats "
                       "first");
        failed = true;
        return;
      }
      FailureOr<::humming::kernel::GemmProblem> p = problemFor(op);
      if (mlir::failed(p)) {
        failed = true;
        return;
      }
      op->setAttr(kDequantAttrName,
                  toAttr(&getContext(),
                         ::humming::kernel::planDequant(*p, fromAttr(decode))));
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace
