//===- PlanAttrs.h - Kernel plans <-> humming attributes -------------------===//
//
// The passes decide with the plain-C++ planners of humming/Kernel and record
// the decisions as attributes; these functions convert in both directions, so
// a decision read back from IR (possibly edited by hand) is exactly what the
// kernel builder and the runtime use.
//
//===----------------------------------------------------------------------===//

#ifndef HUMMING_TRANSFORMS_PLANATTRS_H
#define HUMMING_TRANSFORMS_PLANATTRS_H

#include "humming/Dialect/Humming/IR/HummingAttrs.h"
#include "humming/Dialect/Humming/IR/HummingOps.h"
#include "humming/Kernel/GemmPlan.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/Support/LLVM.h"

namespace mlir::humming {

/// Attribute names the passes set on humming.gemm.
constexpr llvm::StringLiteral kDecodeAttrName = "humming.decode";
constexpr llvm::StringLiteral kDequantAttrName = "humming.dequant";
constexpr llvm::StringLiteral kDispatchAttrName = "humming.dispatch";
constexpr llvm::StringLiteral kKernelsAttrName = "humming.kernels";

/// A TargetAttr for a chip name ("h200") or an arch ("sm_90a", standing for
/// the first known chip of that arch); null and `error` when unknown.
TargetAttr resolveTarget(MLIRContext *ctx, StringRef name, std::string &error);
/// Sets the module's humming.target to resolveTarget(name); emits the error
/// on the module when the name is unknown.
LogicalResult attachTarget(ModuleOp module, StringRef name);
::humming::target::ChipDesc toChipDesc(TargetAttr t);

/// The problem a humming.gemm asks for; emits an error on the op when it has
/// no target or an unsupported output type.
FailureOr<::humming::kernel::GemmProblem> problemFor(GemmOp op);

DecodeAttr toAttr(MLIRContext *ctx, const ::humming::kernel::DecodePlan &d);
::humming::kernel::DecodePlan fromAttr(DecodeAttr a);
DequantAttr toAttr(MLIRContext *ctx, const ::humming::kernel::DequantPlan &d);
::humming::kernel::DequantPlan fromAttr(DequantAttr a);
/// The dispatch entry of a tile config, checked by the attributes'
/// verifiers (get() would skip them) after the warp grid is checked to
/// divide the block: null, after an error through emitError, for a config
/// that breaks a rule (a hand-written table). `asyncCopies`: the target
/// copies with cp.async (target::hasAsyncCopies), which the tuning's
/// cp_async says.
DispatchEntryAttr toAttr(function_ref<InFlightDiagnostic()> emitError,
                         MLIRContext *ctx,
                         const ::humming::kernel::TileConfig &c, int64_t smem,
                         StringRef kernel, bool asyncCopies);
::humming::kernel::TileConfig fromAttr(DispatchEntryAttr a);
/// What the tuning's cp_async says for a tile on a target with or without
/// cp.async: the staged tiles copy with it where there is one; a lane queue
/// is cp.async's alone (on a target without it the kernel rules refuse it,
/// naming the reason); the register-stream loop copies no stages.
bool tuningCpAsync(const ::humming::kernel::TileConfig &c, bool asyncCopies);

} // namespace mlir::humming

#endif
