//===- HummingAttrs.h - humming attributes and enums ----------------------===//

#ifndef HUMMING_DIALECT_HUMMING_IR_HUMMINGATTRS_H
#define HUMMING_DIALECT_HUMMING_IR_HUMMINGATTRS_H

#include "humming/Format/Scheme.h"
#include "humming/Target/Arch.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/Hashing.h"

// Parameters of library types need hashing for attribute uniquing.
namespace humming::format {
inline llvm::hash_code hash_value(const NumericFormat &f) {
  return llvm::hash_combine(int(f.kind()), f.bits(), f.isSigned(),
                            f.exponentBits(), f.mantissaBits());
}
} // namespace humming::format
namespace humming::target {
inline llvm::hash_code hash_value(const Arch &a) {
  return llvm::hash_combine(a.version, a.archSpecific);
}
} // namespace humming::target

namespace mlir::humming {
/// Custom parameter parsers and printers used by the generated attributes.
FailureOr<::humming::format::NumericFormat>
parseNumericFormat(AsmParser &parser);
FailureOr<::humming::target::Arch> parseArch(AsmParser &parser);
FailureOr<SmallVector<int64_t>> parseI64List(AsmParser &parser);
void printI64List(AsmPrinter &printer, ArrayRef<int64_t> values);

/// The builtin element type that holds values of `format` in a tensor
/// (f16, bf16, f32, f8E4M3FN, f8E5M2, f8E8M0FNU, f4E2M1FN, iN), or null for
/// a format without one (packed weight codes live in i32 words instead).
Type getElementTypeFor(MLIRContext *ctx,
                       const ::humming::format::NumericFormat &format);
} // namespace mlir::humming

#include "humming/Dialect/Humming/IR/HummingEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "humming/Dialect/Humming/IR/HummingAttrs.h.inc"

#endif // HUMMING_DIALECT_HUMMING_IR_HUMMINGATTRS_H
