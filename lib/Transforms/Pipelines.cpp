//===- Pipelines.cpp - The humming-to-cubin pipeline -----------------------===//

#include "humming/Transforms/Passes.h"
#include "humming/Transforms/PlanAttrs.h"

#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::humming;

void mlir::humming::buildHummingPasses(OpPassManager &pm,
                                       const std::string &target, int entry) {
  if (!target.empty())
    pm.addPass(createHummingAttachTarget(HummingAttachTargetOptions{target}));
  pm.addPass(createHummingDecodeFormats());
  pm.addPass(createHummingFuseDequant());
  pm.addPass(createHummingSelectPipeline());
  pm.addPass(createHummingLowerGemm(HummingLowerGemmOptions{entry}));
}

void mlir::humming::buildKernelToBinaryPasses(OpPassManager &pm,
                                              const std::string &format,
                                              const std::string &ptxVersion) {
  OpPassManager &kernels = pm.nest<gpu::GPUModuleOp>();
  kernels.addPass(createSCFToControlFlowPass());
  kernels.addPass(createConvertGpuOpsToNVVMOps());
  kernels.addPass(createCanonicalizerPass());
  kernels.addPass(createCSEPass());
  kernels.addPass(createReconcileUnrealizedCastsPass());
  HummingAttachNVVMTargetOptions attach;
  attach.ptx = ptxVersion;
  pm.addPass(createHummingAttachNVVMTarget(attach));
  GpuModuleToBinaryPassOptions bin;
  bin.compilationTarget = format;
  pm.addPass(createGpuModuleToBinaryPass(bin));
}

void mlir::humming::buildToCubinPipeline(OpPassManager &pm,
                                         const ToCubinOptions &options) {
  buildHummingPasses(pm, options.target, options.entry);
  buildKernelToBinaryPasses(pm, options.format, options.ptxVersion);
}

void mlir::humming::registerHummingPassesAndPipelines() {
  registerHummingPasses();
  PassPipelineRegistration<ToCubinOptions>(
      "humming-to-cubin",
      "Lowers humming.gemm to kernels and to a cubin (or PTX with "
      "format=isa): the humming passes, the upstream GPU-to-NVVM lowering "
      "and gpu-module-to-binary",
      buildToCubinPipeline);
}
