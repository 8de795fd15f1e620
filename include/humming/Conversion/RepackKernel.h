//===- RepackKernel.h - Standard -> kernel layout on the GPU ---------------===//
//
// Builds the repack kernels of kernel::planRepackKernels into a gpu.module:
// `<prefix>_repack_weight` and, when the plan has them, `_repack_scale`,
// `_repack_zero`, `_repack_channel_scale`, `_repack_bias`. Each is
// (src, dst : !llvm.ptr<1>) with 256 threads per block; src is the standard
// layout (docs/formats.md), dst the kernel layout (KernelLayout.h).
//
//===----------------------------------------------------------------------===//

#ifndef HUMMING_CONVERSION_REPACKKERNEL_H
#define HUMMING_CONVERSION_REPACKKERNEL_H

#include "humming/Kernel/KernelLayout.h"

#include "mlir/Dialect/GPU/IR/GPUDialect.h"

#include <string>

namespace humming {

void buildRepackKernels(mlir::gpu::GPUModuleOp module,
                        const kernel::KernelOperandPlan &plan,
                        const std::string &prefix);

} // namespace humming

#endif
