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
  return op->emitError() << "unknown humming attribute '" << attr.getName().getValue()
                         << "'";
}
