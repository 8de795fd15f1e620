//===- HummingDialect.cpp - The humming dialect ---------------------------===//

#include "humming/Dialect/Humming/IR/HummingDialect.h"
#include "humming/Dialect/Humming/IR/HummingOps.h"

#include "mlir/IR/Diagnostics.h"

using namespace mlir;
using namespace mlir::humming;

#include "humming/Dialect/Humming/IR/HummingDialect.cpp.inc"

void HummingDialect::initialize() {
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "humming/Dialect/Humming/IR/HummingOps.cpp.inc"
      >();
}

/// `humming.target` on any op sets the target of the humming ops it encloses;
/// anything but a #humming.target there would silently disable the arch rules.
LogicalResult HummingDialect::verifyOperationAttribute(Operation *op,
                                                       NamedAttribute attr) {
  if (attr.getName() == getTargetAttrName()) {
    if (!isa<TargetAttr>(attr.getValue()))
      return op->emitError()
             << "'" << getTargetAttrName()
             << "' must be a #humming.target attribute, got " << attr.getValue();
    return success();
  }
  // The decisions the passes record on a humming.gemm.
  StringRef name = attr.getName().getValue();
  auto expect = [&](bool ok, StringRef what) -> LogicalResult {
    if (!isa<GemmOp>(op))
      return op->emitError() << "'" << name << "' belongs on a humming.gemm";
    if (!ok)
      return op->emitError() << "'" << name << "' must be " << what << ", got "
                             << attr.getValue();
    return success();
  };
  if (name == "humming.decode")
    return expect(isa<DecodeAttr>(attr.getValue()), "a #humming.decode");
  if (name == "humming.dequant")
    return expect(isa<DequantAttr>(attr.getValue()), "a #humming.dequant");
  if (name == "humming.kernels")
    return expect(isa<SymbolRefAttr>(attr.getValue()), "a symbol reference");
  if (name == "humming.dispatch") {
    auto arr = dyn_cast<ArrayAttr>(attr.getValue());
    bool ok = arr && !arr.empty() &&
              llvm::all_of(arr, [](Attribute a) {
                return isa<DispatchEntryAttr>(a);
              });
    return expect(ok, "a non-empty array of #humming.dispatch_entry");
  }
  return op->emitError() << "unknown humming attribute '" << name << "'";
}
