//===- Passes.h - humming passes and the humming-to-cubin pipeline --------===//

#ifndef HUMMING_TRANSFORMS_PASSES_H
#define HUMMING_TRANSFORMS_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassOptions.h"

#include <string>

namespace mlir::humming {

#define GEN_PASS_DECL
#include "humming/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "humming/Transforms/Passes.h.inc"

struct ToCubinOptions : public PassPipelineOptions<ToCubinOptions> {
  Option<std::string> target{*this, "target",
                             llvm::cl::desc("chip or arch (sm_80, sm_90a, h200)"),
                             llvm::cl::init("")};
  Option<std::string> format{
      *this, "format",
      llvm::cl::desc("gpu-module-to-binary format: bin (cubin, needs ptxas), "
                     "isa (PTX), fatbin, offloading"),
      llvm::cl::init("bin")};
  Option<int> entry{*this, "entry",
                    llvm::cl::desc("only this dispatch entry (-1: all)"),
                    llvm::cl::init(-1)};
  Option<std::string> ptxVersion{*this, "ptx",
                                 llvm::cl::desc("PTX ISA feature, e.g. +ptx80"),
                                 llvm::cl::init("+ptx80")};
};

/// The whole lowering: the humming passes, the upstream GPU -> NVVM -> LLVM
/// conversion of the kernels, and gpu-module-to-binary.
void buildToCubinPipeline(OpPassManager &pm, const ToCubinOptions &options);
/// Only the humming passes up to (and including) humming-lower-gemm.
void buildHummingPasses(OpPassManager &pm, const std::string &target,
                        int entry);
/// Only the upstream part: kernels to LLVM/NVVM, target attach, binary.
/// The arch comes from the module's humming.target.
void buildKernelToBinaryPasses(OpPassManager &pm, const std::string &format,
                               const std::string &ptxVersion);

/// Registers the passes and the `humming-to-cubin` pipeline.
void registerHummingPassesAndPipelines();

} // namespace mlir::humming

#endif
