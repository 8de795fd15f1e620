//===- DecodeFormats.cpp - humming-decode-formats --------------------------===//
//
// Legality first: every GEMM is checked against the support matrix and the
// mma.sync pipeline's rules before anything is generated (LLVM aborts the
// process on some unsupported intrinsics). Then the decode plan is recorded.
//
//===----------------------------------------------------------------------===//

#include "humming/Transforms/Passes.h"
#include "humming/Transforms/PlanAttrs.h"

namespace mlir::humming {
#define GEN_PASS_DEF_HUMMINGDECODEFORMATS
#include "humming/Transforms/Passes.h.inc"
} // namespace mlir::humming

using namespace mlir;
using namespace mlir::humming;

namespace {
struct DecodeFormats
    : public mlir::humming::impl::HummingDecodeFormatsBase<DecodeFormats> {
  void runOnOperation() override {
    bool failed = false;
    getOperation().walk([&](GemmOp op) {
      FailureOr<::humming::kernel::GemmProblem> p = problemFor(op);
      if (mlir::failed(p)) {
        failed = true;
        return;
      }
      std::string error;
      auto plan = ::humming::kernel::planDecode(*p, &error);
      if (!plan) {
        op.emitOpError("cannot be compiled for ")
            << p->chip.arch.name() << ": " << error;
        failed = true;
        return;
      }
      op->setAttr(kDecodeAttrName, toAttr(&getContext(), *plan));
    });
    if (failed)
      signalPassFailure();
  }
};
} // namespace
