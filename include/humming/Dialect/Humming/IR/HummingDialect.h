//===- HummingDialect.h - The humming dialect -----------------------------===//

#ifndef HUMMING_DIALECT_HUMMING_IR_HUMMINGDIALECT_H
#define HUMMING_DIALECT_HUMMING_IR_HUMMINGDIALECT_H

#include "mlir/IR/Dialect.h"

#include "humming/Dialect/Humming/IR/HummingDialect.h.inc"

#endif // HUMMING_DIALECT_HUMMING_IR_HUMMINGDIALECT_H
