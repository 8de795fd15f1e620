//===- humming-opt.cpp - The humming IR driver ----------------------------===//
//
// mlir-opt with the humming dialect and its passes on top of every upstream
// dialect, pass and extension, the NVVM target (for gpu-module-to-binary) and
// the LLVM IR translations, so one tool runs the whole pipeline from a
// humming.gemm down to a cubin and can stop after any pass.
//
//===----------------------------------------------------------------------===//

#include "humming/Dialect/Humming/IR/HummingDialect.h"
#include "humming/Transforms/Passes.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVM/NVVM/Target.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

int main(int argc, char **argv) {
  mlir::registerAllPasses();
  mlir::humming::registerHummingPassesAndPipelines();

  mlir::DialectRegistry registry;
  registry.insert<mlir::humming::HummingDialect>();
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::NVVM::registerNVVMTargetInterfaceExternalModels(registry);
  mlir::registerAllToLLVMIRTranslations(registry);

  return mlir::asMainReturnCode(mlir::MlirOptMain(
      argc, argv, "Humming-MLIR optimizer driver\n", registry));
}
