//===- HummingDialect.cpp - The humming dialect ---------------------------===//

#include "humming/Dialect/Humming/IR/HummingDialect.h"
#include "humming/Dialect/Humming/IR/HummingOps.h"

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
