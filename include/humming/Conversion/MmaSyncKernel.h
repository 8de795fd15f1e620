//===- MmaSyncKernel.h - The mma.sync GEMM kernel builder ------------------===//
//
// Builds one `gpu.func` of NVVM / LLVM / arith / scf ops for one dispatch
// entry of a quantized GEMM, from reusable components (KernelComponents.h):
// the persistent scheduler, the cp.async global->shared loaders, the ldmatrix
// A-fragment loader, the decode + dequant emitter, the mma.sync emitter, the
// split-K reduction and the epilogue. The software pipeline (prologue, steady
// state, drain) is written out explicitly.
//
// Kernel ABI (all pointers global, 16-byte aligned):
//   (a, weight, group_scale, zero, channel_scale, bias, c, workspace,
//    counters : !llvm.ptr<1>, m : i32)
// Launch: grid.x = kernel::gridSize(), block.x = TileConfig::threads(),
// dynamic shared memory = kernel::sharedMemoryBytes().
//
//===----------------------------------------------------------------------===//

#ifndef HUMMING_CONVERSION_MMASYNCKERNEL_H
#define HUMMING_CONVERSION_MMASYNCKERNEL_H

#include "humming/Kernel/GemmPlan.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/Support/LLVM.h"

#include <string>

namespace humming {

struct MmaSyncKernelSpec {
  kernel::GemmProblem problem;
  kernel::DecodePlan decode;
  kernel::DequantPlan dequant;
  kernel::TileConfig tile;
  std::string name;
};

/// Appends the kernel to `module` (which must be empty of a symbol of the
/// same name). Emits a diagnostic and fails on a spec the builder cannot
/// serve; never produces IR that would make the NVPTX backend abort.
mlir::LogicalResult buildMmaSyncKernel(mlir::gpu::GPUModuleOp module,
                                       const MmaSyncKernelSpec &spec);

/// Name of the dynamic shared-memory symbol every kernel of a module uses.
constexpr const char *kSharedMemorySymbol = "humming_smem";

} // namespace humming

#endif
