//===- HummingOps.h - humming operations ----------------------------------===//

#ifndef HUMMING_DIALECT_HUMMING_IR_HUMMINGOPS_H
#define HUMMING_DIALECT_HUMMING_IR_HUMMINGOPS_H

#include "humming/Dialect/Humming/IR/HummingAttrs.h"
#include "humming/Dialect/Humming/IR/HummingDialect.h"

#include "mlir/Bytecode/BytecodeOpInterface.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

namespace mlir::humming {
/// The target that governs `op`: its own `target` attribute, else the
/// nearest `humming.target` attribute on an enclosing op, else null.
TargetAttr getEffectiveTarget(Operation *op);
} // namespace mlir::humming

#define GET_OP_CLASSES
#include "humming/Dialect/Humming/IR/HummingOps.h.inc"

#endif // HUMMING_DIALECT_HUMMING_IR_HUMMINGOPS_H
